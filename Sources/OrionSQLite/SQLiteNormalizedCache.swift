import Foundation
import Orion
import OrionAPI

/// A normalized cache in a SQLite file, kept across launches.
///
/// Each merge is one transaction (the file's journal makes a process killed mid-write leave the
/// previous state readable). A file that is not a database, or is damaged, is reported as
/// `SQLiteCacheError.damaged` when opened; one of another application as `.foreign`.
public final class SQLiteNormalizedCache: NormalizedCache, @unchecked Sendable {
    // The connection is used only inside `withDatabase`, under `lock`: one statement at a time.
    private let database: SQLiteDatabase
    private let lock = NSLock()
    public let fileURL: URL

    static let applicationID: Int32 = 0x4F52_494F  // "ORIO"

    public init(fileURL: URL) throws {
        self.fileURL = fileURL
        let database = try SQLiteDatabase(path: fileURL.path)
        do {
            var tables: [String] = []
            try database.query("SELECT name FROM sqlite_master WHERE type = 'table'") { row throws(SQLiteCacheError) in
                if let name = row.text(0) { tables.append(name) }
            }
            var applicationID: Int32 = 0
            try database.query("PRAGMA application_id") { row throws(SQLiteCacheError) in
                applicationID = Int32(row.text(0).flatMap { Int32($0) } ?? 0)
            }
            if !tables.isEmpty && applicationID != Self.applicationID { throw SQLiteCacheError.foreign(path: fileURL.path) }
            // Only a new file is written to here: opening a cache that another process is busy
            // writing must not wait for a write lock it may never get.
            if !tables.contains("records") {
                try database.execute("PRAGMA journal_mode = WAL")
                try database.execute("PRAGMA application_id = \(Self.applicationID)")
                try database.execute("CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL)")
            }
        } catch SQLiteCacheError.failed(_, _, let reason) {
            throw SQLiteCacheError.damaged(path: fileURL.path, reason: reason)
        }
        self.database = database
    }

    private func withDatabase<Result>(_ body: (SQLiteDatabase) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(database)
    }

    /// Deletes a cache file (and SQLite's journal files beside it).
    public static func removeFile(at url: URL) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let file = URL(fileURLWithPath: url.path + suffix)
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
        }
    }

    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try withDatabase { database in try Self.load(keys, from: database) }
    }

    public func merge(records: [CacheKey: Record]) throws -> Set<String> {
        try withDatabase { database in
            try database.transaction { () throws(SQLiteCacheError) -> Set<String> in
                var existing = try Self.load(Set(records.keys), from: database)
                var changed: Set<String> = []
                var rows: [[SQLiteValue]] = []
                for (key, record) in records {
                    var merged = existing[key] ?? Record(key: key)
                    let before = changed.count
                    merged.merge(record, changed: &changed)
                    if changed.count != before || existing[key] == nil {
                        rows.append([.text(key), .blob(RecordCoding.encode(merged))])
                        existing[key] = merged
                    }
                }
                try database.run("INSERT OR REPLACE INTO records (key, record) VALUES (?, ?)", bindings: rows)
                return changed
            }
        }
    }

    public func removeRecords(forKeys keys: Set<CacheKey>) throws {
        try withDatabase { database in
            try database.transaction { () throws(SQLiteCacheError) in
                try database.run("DELETE FROM records WHERE key = ?", bindings: keys.map { [.text($0)] })
            }
        }
    }

    public func allKeys() throws -> Set<CacheKey> {
        try withDatabase { database in
            var keys: Set<CacheKey> = []
            try database.query("SELECT key FROM records") { row throws(SQLiteCacheError) in
                if let key = row.text(0) { keys.insert(key) }
            }
            return keys
        }
    }

    public func clear() throws {
        try withDatabase { database in try database.execute("DELETE FROM records") }
    }

    private static func load(_ keys: Set<CacheKey>, from database: SQLiteDatabase) throws(SQLiteCacheError) -> [CacheKey: Record] {
        var found: [CacheKey: Record] = [:]
        // Batches keep each statement under SQLite's limit on bound parameters.
        let sorted = keys.sorted()
        for start in stride(from: 0, to: sorted.count, by: 500) {
            let batch = Array(sorted[start..<min(start + 500, sorted.count)])
            let placeholders = Array(repeating: "?", count: batch.count).joined(separator: ",")
            try database.query("SELECT key, record FROM records WHERE key IN (\(placeholders))", bind: batch) { row throws(SQLiteCacheError) in
                guard let key = row.text(0) else { return }
                guard let record = RecordCoding.decode(row.blob(1), key: key) else {
                    throw .damaged(path: database.path, reason: "the record \(key) does not decode")
                }
                found[key] = record
            }
        }
        return found
    }
}
