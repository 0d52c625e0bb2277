import Foundation
import OrionCache
import OrionAPI

/// A normalized cache in a SQLite file, kept across launches.
///
/// Each merge is one transaction (the file's journal makes a process killed mid-write leave the
/// previous state readable). A file that is not a database, or is damaged, is reported as
/// `SQLiteCacheError.damaged` when opened or when a damaged page is read; one of another
/// application as `.foreign`.
///
/// A file that cannot be written (a read-only file or folder, a cache shipped in an app's
/// bundle) opens for reading: reads find what it holds, and each write fails with
/// `SQLiteCacheError.readOnly`, which `OrionClient` reports beside the server's result
/// (`cacheWriteError`). A read-only file is never called damaged.
public final class SQLiteNormalizedCache: NormalizedCache, @unchecked Sendable {
    // The connection is used only inside `withDatabase`, under `lock`: one statement at a time.
    // Recursive, for the loads of a `withinRead`, which holds it throughout.
    private let database: SQLiteDatabase
    private let lock = NSRecursiveLock()
    /// How deep in `withinRead` the thread holding `lock` is.
    private var readDepth = 0
    public let fileURL: URL
    /// Whether the file is opened for reading only: writes fail with `SQLiteCacheError.readOnly`.
    public let isReadOnly: Bool
    /// Whether the file has records in this version's format; a read-only file may have none (or
    /// another version's), and then reads find nothing.
    private let hasRecords: Bool

    static let applicationID: Int32 = 0x4F52_494F  // "ORIO"

    /// Records clustered by key (`WITHOUT ROWID`): one b-tree to search and write per record,
    /// where a rowid table keeps a second one, the key's index, beside it.
    private static let createTable = "CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID"

    /// Opens the cache file at `fileURL`, creating it if needed.
    ///
    /// - Parameters:
    ///   - fileURL: the cache file; SQLite keeps its journal files beside it.
    ///   - readOnly: open it for reading only, even when it could be written. A file
    ///     that cannot be written is opened for reading only anyway.
    public init(fileURL: URL, readOnly: Bool = false) throws {
        self.fileURL = fileURL
        isReadOnly = readOnly || !Self.canWrite(fileURL)
        guard !isReadOnly else {
            (database, hasRecords) = try Self.openForReading(fileURL)
            return
        }
        hasRecords = true
        let database = try SQLiteDatabase(path: fileURL.path)
        do {
            var tables: [String] = []
            try database.query("SELECT name FROM sqlite_master WHERE type = 'table'") { row throws(SQLiteCacheError) in
                if let name = row.text(0) { tables.append(name) }
            }
            let applicationID = try database.integer("PRAGMA application_id")
            if !tables.isEmpty && applicationID != Int(Self.applicationID) { throw SQLiteCacheError.foreign(path: fileURL.path) }
            // Only a new file, or one in another version's format, is written to here: opening a
            // cache that another process is busy writing must not wait for a write lock it may
            // never get.
            if !tables.contains("records") {
                try database.execute("PRAGMA journal_mode = WAL")
                try database.execute("PRAGMA application_id = \(Self.applicationID)")
                try database.execute("PRAGMA user_version = \(RecordCoding.formatVersion)")
                try database.execute(Self.createTable)
            } else if try database.integer("PRAGMA user_version") != Int(RecordCoding.formatVersion) {
                // Records another version of Orion wrote: a cache may start empty, so they go,
                // with the table, whose layout may have changed too.
                try database.transaction { () throws(SQLiteCacheError) in
                    try database.execute("DROP TABLE records")
                    try database.execute(Self.createTable)
                    try database.execute("PRAGMA user_version = \(RecordCoding.formatVersion)")
                }
            }
        } catch SQLiteCacheError.failed(_, _, let reason) {
            throw SQLiteCacheError.damaged(path: fileURL.path, reason: reason)
        }
        // Per connection: with the WAL journal, commits need no sync of the database file. A
        // killed process still loses nothing committed; a power loss may cost the last writes,
        // never the file's integrity, which a cache can afford.
        try database.execute("PRAGMA synchronous = NORMAL")
        self.database = database
    }

    /// Whether SQLite can write the file and, for its journal, make files beside it.
    private static func canWrite(_ fileURL: URL) -> Bool {
        let files = FileManager.default
        let folder = fileURL.deletingLastPathComponent().path
        guard files.fileExists(atPath: fileURL.path) else { return files.isWritableFile(atPath: folder) }
        return files.isWritableFile(atPath: fileURL.path) && files.isWritableFile(atPath: folder)
    }

    /// A file that cannot be written, opened for reading: what it holds if it is a cache of this
    /// format, else nothing (there is no file, or it holds another version's records).
    private static func openForReading(_ fileURL: URL) throws -> (SQLiteDatabase, hasRecords: Bool) {
        guard FileManager.default.fileExists(atPath: fileURL.path) else {
            // Nothing to read, and no file can be made: an in-memory database stands in.
            return (try SQLiteDatabase(path: ":memory:"), false)
        }
        let database = try SQLiteDatabase(path: fileURL.path, readOnly: true)
        var tables: [String] = []
        do {
            try database.query("SELECT name FROM sqlite_master WHERE type = 'table'") { row throws(SQLiteCacheError) in
                if let name = row.text(0) { tables.append(name) }
            }
            let applicationID = try database.integer("PRAGMA application_id")
            if !tables.isEmpty && applicationID != Int(Self.applicationID) { throw SQLiteCacheError.foreign(path: fileURL.path) }
            let version = try database.integer("PRAGMA user_version")
            return (database, tables.contains("records") && version == Int(RecordCoding.formatVersion))
        } catch SQLiteCacheError.failed(_, _, let reason) {
            throw SQLiteCacheError.damaged(path: fileURL.path, reason: reason)
        }
    }

    /// Fails a write to a file opened for reading.
    private func checkWritable() throws {
        if isReadOnly { throw SQLiteCacheError.readOnly(path: fileURL.path) }
    }

    private func withDatabase<Result>(_ body: (SQLiteDatabase) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(database)
    }

    public func withinRead<Result>(_ body: () throws -> Result) throws -> Result {
        try withDatabase { database in
            readDepth += 1
            defer { readDepth -= 1 }
            guard readDepth == 1 else { return try body() }
            return try database.read(body)
        }
    }

    /// Deletes a cache file (and SQLite's journal files beside it).
    public static func removeFile(at url: URL) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let file = URL(fileURLWithPath: url.path + suffix)
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
        }
    }

    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        guard hasRecords else { return [:] }
        return try withDatabase { database in try Self.load(keys, from: database) }
    }

    public func loadRecord(forKey key: CacheKey) throws -> Record? {
        guard hasRecords else { return nil }
        return try withDatabase { database in try Self.load(key, from: database) }
    }

    public func merge(records: [CacheKey: Record]) throws -> [CacheField] {
        try checkWritable()
        return try withDatabase { database in
            try database.transaction { () throws(SQLiteCacheError) -> [CacheField] in
                let existing = try Self.load(records.keys, from: database)
                var changed: [CacheField] = []
                var rows: [[SQLiteValue]] = []
                for (key, record) in records {
                    var merged = existing[key] ?? Record(key: key)
                    let before = changed.count
                    merged.merge(record, changed: &changed)
                    if changed.count != before || existing[key] == nil {
                        rows.append([.text(key), .blob(RecordCoding.encode(merged))])
                    }
                }
                try database.run("INSERT OR REPLACE INTO records (key, record) VALUES (?, ?)", bindings: rows)
                return changed
            }
        }
    }

    public func removeRecords(forKeys keys: Set<CacheKey>) throws {
        try checkWritable()
        try withDatabase { database in
            try database.transaction { () throws(SQLiteCacheError) in
                try database.run("DELETE FROM records WHERE key = ?", bindings: keys.map { [.text($0)] })
            }
        }
    }

    public func allKeys() throws -> Set<CacheKey> {
        guard hasRecords else { return [] }
        return try withDatabase { database in
            var keys: Set<CacheKey> = []
            try database.query("SELECT key FROM records") { row throws(SQLiteCacheError) in
                if let key = row.text(0) { keys.insert(key) }
            }
            return keys
        }
    }

    public func clear() throws {
        try checkWritable()
        try withDatabase { database in try database.execute("DELETE FROM records") }
    }

    /// One lookup by primary key per key, with one prepared statement: as fast per record as
    /// `IN (...)` batches, without a statement per batch size.
    private static func load(_ keys: some Collection<CacheKey>, from database: SQLiteDatabase) throws(SQLiteCacheError) -> [CacheKey: Record] {
        var found: [CacheKey: Record] = [:]
        found.reserveCapacity(keys.count)
        for key in keys { found[key] = try load(key, from: database) }
        return found
    }

    private static func load(_ key: CacheKey, from database: SQLiteDatabase) throws(SQLiteCacheError) -> Record? {
        var record: Record?
        try database.query("SELECT record FROM records WHERE key = ?", bind: CollectionOfOne(key)) { row throws(SQLiteCacheError) in
            record = try row.withBlob(0) { bytes throws(SQLiteCacheError) in
                guard let record = RecordCoding.decode(bytes, key: key) else {
                    throw .damaged(path: database.path, reason: "the record \(key) does not decode")
                }
                return record
            }
        }
        return record
    }
}
