import Foundation
import OrionAPI

/// What is in the cache and what each write changes, as text for a developer: a debugging aid,
/// not an API to build on (the format may change).
extension OrionStore {
    /// Every record of the cache, one block per record in key order, each field on a line in
    /// name order: its value as JSON, `-> Key` for a reference to another record, and when it
    /// goes stale. Optimistic layers are not included: this is what the cache holds.
    ///
    /// ```
    /// Launch:110
    ///   __typename: "Launch"
    ///   isBooked: true
    ///   rocket: -> Rocket:falcon9
    ///   site: "KSC" (stale after 2026-11-25T19:00:00Z)
    /// ```
    public func dump() throws -> String {
        let records = try withWriteLock { try cache.loadRecords(forKeys: cache.allKeys()) }
        var text = ""
        for key in records.keys.sorted() {
            guard let record = records[key] else { continue }
            text += key + "\n"
            for field in record.fields.keys.sorted() {
                guard let value = record.fields[field] else { continue }
                text += "  \(field): \(Self.describe(value))"
                if let expiry = record.expirations[field] { text += " (stale after \(Self.iso8601(expiry)))" }
                text += "\n"
            }
        }
        return text
    }

    /// Calls `log` after each write that changes the cache (a result, a transaction, an
    /// optimistic layer coming or going), with a line naming the write's version and, per
    /// record, the fields it changed: `write 12: Launch:110 {isBooked}, QUERY_ROOT {launch(id:"110")}`.
    /// Stop with `unsubscribe(_:)` and the identifier returned.
    public func logChanges(_ log: @escaping @Sendable (String) -> Void) -> UUID {
        subscribeToChanges { change in
            var fieldsByKey: [CacheKey: [String]] = [:]
            for field in change.fields { fieldsByKey[field.key, default: []].append(field.field) }
            let records = fieldsByKey.keys.sorted().map { key in
                "\(key) {\((fieldsByKey[key] ?? []).sorted().joined(separator: ", "))}"
            }
            log("write \(change.version): " + records.joined(separator: ", "))
        }
    }

    private static func describe(_ value: RecordValue) -> String {
        switch value {
        case .value(let json): return JSONEncoding.string(json)
        case .reference(let key): return "-> " + key
        case .list(let values): return "[" + values.map(describe).joined(separator: ", ") + "]"
        }
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
