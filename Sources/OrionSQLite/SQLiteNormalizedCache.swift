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
///
/// ## Reads and writes at once
///
/// Writes go through one connection, one at a time; reads through a small pool of others, in
/// the file's write-ahead log (WAL) mode. So a read never waits for a write, nor a write for
/// reads, and reads on different threads run in parallel. What a read sees:
///
/// - A read that begins after a write (`merge`, `removeRecords`, `clear`) has returned sees
///   that write, and every write before it: each commits before it returns.
/// - A read that overlaps a write sees all of it or none of it. The loads of one
///   `withinRead`, and of one `loadRecords`, read one snapshot of the file throughout: the
///   state when it began.
public final class SQLiteNormalizedCache: NormalizedCache, @unchecked Sendable {
    // The writer connection is used only inside `withWriter`, under `writeLock`; the readers
    // only as `readers` lends them.
    private let writer: SQLiteDatabase?
    private let writeLock = NSLock()
    private let readers: SQLiteReaderPool
    public let fileURL: URL
    /// Whether the file is opened for reading only: writes fail with `SQLiteCacheError.readOnly`.
    public let isReadOnly: Bool
    /// Whether the file has records in this version's format; a read-only file may have none (or
    /// another version's), and then reads find nothing.
    private let hasRecords: Bool

    static let applicationID: Int32 = 0x4F52_494F  // "ORIO"

    /// Records clustered by key (`WITHOUT ROWID`): one b-tree to search and write per record,
    /// where a rowid table keeps a second one, the key's index, beside it. Except a record of
    /// more than `largeRecordBytes`: its row holds an empty blob, and `large_records`, a rowid
    /// table, its bytes. In the clustered table each row is a cell of the one b-tree, and a
    /// cell too large for its page is copied whole out of its overflow pages by every search
    /// that compares a key with it: the reads of 10,000 launches spent half their
    /// instructions copying their root record's 120 KB list, 3,335 times.
    private static let createTables = """
        CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS large_records (key TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL)
        """
    /// The most bytes a record keeps in its row: what a 32 KB page of the clustered table holds
    /// in a cell (8,198 bytes), less room for a long key.
    static let largeRecordBytes = 8_000
    /// A record's row: its bytes, or an empty blob for a large record (an encoded record is
    /// never empty: it starts with its field count), whose bytes `selectLarge` reads. Two
    /// statements, not one with a subquery: that one cost every lookup 1,300 instructions more.
    private static let select = "SELECT record FROM records WHERE key = ?"
    private static let selectLarge = "SELECT record FROM large_records WHERE key = ?"
    private static let insertNew = "INSERT INTO records (key, record) VALUES (?, ?) ON CONFLICT (key) DO NOTHING"
    private static let replace = "INSERT OR REPLACE INTO records (key, record) VALUES (?, ?)"
    private static let replaceLarge = "INSERT OR REPLACE INTO large_records (key, record) VALUES (?, ?)"
    private static let deleteLarge = "DELETE FROM large_records WHERE key = ?"

    /// Opens the cache file at `fileURL`, creating it if needed.
    ///
    /// - Parameters:
    ///   - fileURL: the cache file; SQLite keeps its journal files beside it.
    ///   - readOnly: open it for reading only, even when it could be written. A file
    ///     that cannot be written is opened for reading only anyway.
    public init(fileURL: URL, readOnly: Bool = false) throws {
        self.fileURL = fileURL
        isReadOnly = readOnly || !Self.canWrite(fileURL)
        let path = fileURL.path
        guard !isReadOnly else {
            let (database, hasRecords) = try Self.openForReading(fileURL)
            self.hasRecords = hasRecords
            writer = nil
            // The first reader is the connection that checked the file.
            let first = Mutex<SQLiteDatabase?>(database)
            readers = SQLiteReaderPool { () throws(SQLiteCacheError) in
                if let database = first.withLock({ $0.take() }) { return database }
                return hasRecords ? try SQLiteDatabase(path: path, readOnly: true) : try SQLiteDatabase(path: ":memory:")
            }
            return
        }
        hasRecords = true
        let database = try SQLiteDatabase(path: path)
        do {
            var tables: [String] = []
            try database.query("SELECT name FROM sqlite_master WHERE type = 'table'") { row throws(SQLiteCacheError) in
                if let name = row.text(0) { tables.append(name) }
            }
            let applicationID = try database.integer("PRAGMA application_id")
            if !tables.isEmpty && applicationID != Int(Self.applicationID) { throw SQLiteCacheError.foreign(path: path) }
            // Only a new file, or one in another version's format, is written to here: opening a
            // cache that another process is busy writing must not wait for a write lock it may
            // never get.
            if !tables.contains("records") {
                // Pages of 32 KB, not 4: a large write searches a shallower tree and splits and
                // logs fewer, fuller pages, which long path keys fill fast (16 KB took 13 % less
                // time than 4 KB for 10,000 new records; 32 KB another 3-5 %, and 5 % for the
                // GitHub response's 1,300 path-keyed records; reads a little faster; 64 KB slowed
                // the reads of 10,000 launches by 15 %).
                try database.execute("PRAGMA page_size = 32768")
                try database.execute("PRAGMA journal_mode = WAL")
                try database.execute("PRAGMA application_id = \(Self.applicationID)")
                try database.execute("PRAGMA user_version = \(RecordCoding.formatVersion)")
                try database.execute(Self.createTables)
            } else if try database.integer("PRAGMA user_version") != Int(RecordCoding.formatVersion) {
                // Records another version of Orion wrote: a cache may start empty, so they go,
                // with the table, whose layout may have changed too.
                try database.transaction { () throws(SQLiteCacheError) in
                    try database.execute("DROP TABLE records")
                    try database.execute("DROP TABLE IF EXISTS large_records")
                    try database.execute(Self.createTables)
                    try database.execute("PRAGMA user_version = \(RecordCoding.formatVersion)")
                }
            }
        } catch SQLiteCacheError.failed(_, _, let reason) {
            throw SQLiteCacheError.damaged(path: path, reason: reason)
        }
        // Per connection: with the WAL journal, commits need no sync of the database file. A
        // killed process still loses nothing committed; a power loss may cost the last writes,
        // never the file's integrity, which a cache can afford.
        try database.execute("PRAGMA synchronous = NORMAL")
        try Self.configure(database)
        writer = database
        readers = SQLiteReaderPool { () throws(SQLiteCacheError) in
            let reader = try SQLiteDatabase(path: path)
            try SQLiteNormalizedCache.configure(reader)
            return reader
        }
    }

    /// Settings of each connection to a writable file: a page cache (8 MB, against SQLite's 2 MB)
    /// that holds the pages of a large write, and those a reader reads again and again. Not a
    /// memory map of the file: a file cut short under it would end the process (SIGBUS) where
    /// reads report an error.
    private static func configure(_ database: SQLiteDatabase) throws(SQLiteCacheError) {
        try database.execute("PRAGMA cache_size = -8192")
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

    /// Runs `body` with the writer connection, one write at a time; fails on a file opened for
    /// reading.
    private func withWriter<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
        guard let writer else { throw SQLiteCacheError.readOnly(path: fileURL.path) }
        writeLock.lock()
        defer { writeLock.unlock() }
        return try body(writer)
    }

    public func withinRead<Result>(_ body: () throws -> Result) throws -> Result {
        try readers.withinRead(body)
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
        return try readers.withinRead {
            try readers.withReader { database in
                var found: [CacheKey: Record] = [:]
                found.reserveCapacity(keys.count)
                let select = try database.prepare(Self.select)
                for key in keys { found[key] = try Self.load(key, with: select)?.record }
                return found
            }
        }
    }

    public func loadRecord(forKey key: CacheKey) throws -> Record? {
        guard hasRecords else { return nil }
        return try readers.withReader { database in try Self.load(key, with: database.prepare(Self.select))?.record }
    }

    /// Each record is first inserted as it is, in one step of one prepared statement: a record
    /// new to the file (most of a first write) costs one search of the table, not a search to
    /// find nothing and another to insert. Only a record the file already has is read, merged
    /// field by field and written back, and only when a field changed.
    public func merge(records: RecordSet) throws -> ChangedFields {
        try withWriter { database in
            try database.transaction { () throws(SQLiteCacheError) -> ChangedFields in
                let insert = try database.prepare(Self.insertNew)
                var changed = ChangedFields()
                // One buffer for every record's bytes: encoding allocates nothing once it has grown.
                var buffer = RecordBuffer()
                for (key, record) in Self.inKeyOrder(records) {
                    buffer.removeAll()
                    RecordCoding.encode(record, into: &buffer)
                    guard try Self.write(buffer, at: key, with: insert, wasLarge: false) == 0 else {
                        changed.append(everyFieldOf: record.fields, at: key)
                        continue
                    }
                    guard case (var merged, let wasLarge)? = try Self.load(key, with: database.prepare(Self.select)) else { continue }
                    guard merged.merge(record, changed: &changed) else { continue }
                    buffer.removeAll()
                    RecordCoding.encode(merged, into: &buffer)
                    _ = try Self.write(buffer, at: key, with: database.prepare(Self.replace), wasLarge: wasLarge)
                }
                return changed
            }
        }
    }

    /// Writes the record in `buffer` at `key` with `statement` (`insertNew` or `replace`), and
    /// returns how many rows it wrote: 0 when `insertNew` found the key there already, and then
    /// nothing is written. A large record's row gets an empty blob and `large_records` its
    /// bytes; a record that `wasLarge` and is not now leaves nothing there.
    private static func write(
        _ buffer: borrowing RecordBuffer, at key: CacheKey, with statement: Statement, wasLarge: Bool
    ) throws(SQLiteCacheError) -> Int {
        let database = statement.database
        return try buffer.withUnsafeBytes { bytes throws(SQLiteCacheError) -> Int in
            let large = bytes.count > largeRecordBytes
            let written = try run(statement, key: key, bytes: large ? UnsafeRawBufferPointer(start: nil, count: 0) : bytes)
            if large, written > 0 {
                _ = try run(database.prepare(Self.replaceLarge), key: key, bytes: bytes)
            } else if wasLarge {
                _ = try run(database.prepare(Self.deleteLarge), key: key, bytes: nil)
            }
            return written
        }
    }

    /// Runs `statement` once with `key` and, unless nil, `bytes` bound, and returns how many rows
    /// it wrote.
    private static func run(_ statement: Statement, key: CacheKey, bytes: UnsafeRawBufferPointer?) throws(SQLiteCacheError) -> Int {
        try statement.withText(key, at: 1) { () throws(SQLiteCacheError) -> Int in
            defer { statement.reset() }
            if let bytes { try statement.withBlob(bytes, at: 2) { () throws(SQLiteCacheError) in _ = try statement.step() } }
            else { _ = try statement.step() }
            return statement.database.changes
        }
    }

    /// The records in their keys' byte order, which is SQLite's for the key column (the BINARY
    /// collation): inserted in it, each lands beside the last, in pages SQLite already holds,
    /// and fills them (a write of 10,000 records took 16 % less time than in hash order).
    ///
    /// The keys' bytes are gathered into one buffer and compared there: path keys share long
    /// prefixes, and sorting them as `String`s cost a sixth of a write's instructions.
    private static func inKeyOrder(_ records: RecordSet) -> [(key: CacheKey, value: Record)] {
        let entries = Array(records)
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(entries.count)
        var total = 0
        for entry in entries {
            let count = entry.key.utf8.count
            spans.append((total, count))
            total += count
        }
        let bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            for (entry, span) in zip(entries, spans) {
                var key = entry.key
                key.withUTF8 { utf8 in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[span.start..<(span.start + span.count)]).initialize(from: utf8)
                }
            }
            initialized = total
        }
        var order = Array(entries.indices)
        bytes.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { spans in
                guard let base = bytes.baseAddress else { return }
                order.sort { Self.precedes(base, spans[$0], spans[$1]) }
            }
        }
        return order.map { entries[$0] }
    }

    /// Whether the key at `a` sorts before the key at `b` byte by byte, a prefix first.
    @inline(__always)
    private static func precedes(_ base: UnsafePointer<UInt8>, _ a: (start: Int, count: Int), _ b: (start: Int, count: Int)) -> Bool {
        let order = memcmp(base + a.start, base + b.start, min(a.count, b.count))
        return order != 0 ? order < 0 : a.count < b.count
    }

    public func removeRecords(forKeys keys: Set<CacheKey>) throws {
        try withWriter { database in
            try database.transaction { () throws(SQLiteCacheError) in
                let delete = try database.prepare("DELETE FROM records WHERE key = ?")
                let deleteLarge = try database.prepare(Self.deleteLarge)
                for key in keys {
                    _ = try Self.run(delete, key: key, bytes: nil)
                    _ = try Self.run(deleteLarge, key: key, bytes: nil)
                }
            }
        }
    }

    public func allKeys() throws -> Set<CacheKey> {
        guard hasRecords else { return [] }
        return try readers.withReader { database in
            var keys: Set<CacheKey> = []
            try database.query("SELECT key FROM records") { row throws(SQLiteCacheError) in
                if let key = row.text(0) { keys.insert(key) }
            }
            return keys
        }
    }

    public func clear() throws {
        try withWriter { database in
            try database.transaction { () throws(SQLiteCacheError) in try database.execute("DELETE FROM records; DELETE FROM large_records") }
        }
    }

    /// The record at `key`, looked up by primary key with `select` (`Self.select`, prepared
    /// once per connection), and for a large record in `large_records` too; and whether it is
    /// large (a write that makes it small removes it from there).
    private static func load(_ key: CacheKey, with select: Statement) throws(SQLiteCacheError) -> (record: Record, isLarge: Bool)? {
        try select.withText(key, at: 1) { () throws(SQLiteCacheError) -> (record: Record, isLarge: Bool)? in
            defer { select.reset() }
            guard try select.step() else { return nil }
            return try select.withBlob(0) { bytes throws(SQLiteCacheError) in
                guard bytes.isEmpty else { return (try decode(bytes, key: key, in: select.database), false) }
                let selectLarge = try select.database.prepare(Self.selectLarge)
                return try selectLarge.withText(key, at: 1) { () throws(SQLiteCacheError) -> (record: Record, isLarge: Bool) in
                    defer { selectLarge.reset() }
                    guard try selectLarge.step() else {
                        throw .damaged(path: select.database.path, reason: "the large record \(key) is missing")
                    }
                    return try selectLarge.withBlob(0) { bytes throws(SQLiteCacheError) in (try decode(bytes, key: key, in: select.database), true) }
                }
            }
        }
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, key: CacheKey, in database: SQLiteDatabase) throws(SQLiteCacheError) -> Record {
        guard let record = RecordCoding.decode(bytes, key: key) else {
            throw .damaged(path: database.path, reason: "the record \(key) does not decode")
        }
        return record
    }
}
