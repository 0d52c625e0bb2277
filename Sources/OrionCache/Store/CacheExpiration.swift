import Foundation

/// How long cached fields stay fresh. A stale field is a cache miss: `.returnCacheDataElseFetch`
/// goes to the server for it, `.returnCacheDataDontFetch` fails.
///
/// ```swift
/// let store = OrionStore(expiration: CacheExpiration(types: ["Launch": 3600], fields: ["Launch.isBooked": 60]))
/// ```
///
/// A field's age limit is the smallest that applies: its field's, its type's, and the
/// `Cache-Control: max-age` of the response that wrote it.
public struct CacheExpiration: Sendable, Hashable {
    /// Max age in seconds by type name (`Launch`).
    public var types: [String: TimeInterval]
    /// Max age in seconds by `Type.field` (`Launch.isBooked`), whatever the field's arguments.
    public var fields: [String: TimeInterval]

    public init(types: [String: TimeInterval] = [:], fields: [String: TimeInterval] = [:]) {
        self.types = types
        self.fields = fields
    }

    /// Nothing expires unless a response says so.
    public static let never = CacheExpiration()

    /// Sets when each field of `records` goes stale, given the writing response's max age.
    func stamp(_ records: inout RecordSet, responseMaxAge: TimeInterval?, now: @autoclosure () -> Date) {
        guard responseMaxAge != nil || !types.isEmpty || !fields.isEmpty else { return }
        // Read only when something expires: most writes stamp nothing.
        let now = now()
        for index in records.storage.values.indices {
            var record = records.storage.values[index]
            let typename = record.typename
            let typeMaxAge = typename.flatMap { types[$0] }
            for fieldKey in record.fields.keys {
                var maxAge = [responseMaxAge, typeMaxAge].compactMap { $0 }.min()
                if let typename, !fields.isEmpty {
                    let name = fieldKey.prefix { $0 != "(" }
                    if let fieldMaxAge = fields[typename + "." + name] { maxAge = min(maxAge ?? fieldMaxAge, fieldMaxAge) }
                }
                if let maxAge { record.expirations[fieldKey] = now.addingTimeInterval(maxAge) }
            }
            records.storage.values[index] = record
        }
    }

    /// The `max-age` of a `Cache-Control` header value (`private, max-age=60`). Other directives
    /// (`no-store`, `no-cache`, `s-maxage`) speak to HTTP caches, and servers send them on
    /// responses an app may well keep in its normalized cache: they are not read.
    package static func maxAge(cacheControl: String) -> TimeInterval? {
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].lowercased() == "max-age" else { continue }
            if let seconds = TimeInterval(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))), seconds >= 0 { return seconds }
        }
        return nil
    }
}
