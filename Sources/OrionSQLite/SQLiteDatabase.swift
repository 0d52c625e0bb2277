import CSQLite
import Foundation

/// A thin wrapper over SQLite's C API: one connection and its prepared statements. Not
/// thread-safe: `SQLiteNormalizedCache` hands each connection to one thread at a time, which is
/// why it is opened without SQLite's own mutex (`SQLITE_OPEN_NOMUTEX`).
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    let path: String
    /// Prepared statements by SQL: a cache reads and writes with the same few statements, and
    /// preparing one costs more than running it.
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) the database file; with `readOnly`, opens it for reading only,
    /// as a file no one writes (no journal or lock files are made beside it, which a read-only
    /// folder would refuse).
    init(path: String, readOnly: Bool = false) throws(SQLiteCacheError) {
        self.path = path
        var connection: OpaquePointer?
        let status: Int32
        if readOnly {
            let uri = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
            status = sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        } else {
            status = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "status \(status)"
            sqlite3_close(connection)
            throw .cannotOpen(path: path, reason: message)
        }
        handle = connection
        sqlite3_busy_timeout(connection, 5_000)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs SQL without results.
    func execute(_ sql: String) throws(SQLiteCacheError) {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? lastError
            sqlite3_free(error)
            throw failure(sql, reason: message)
        }
    }

    /// Runs a query without bindings, calling `row` for each result row.
    func query(_ sql: String, row: (Statement) throws(SQLiteCacheError) -> Void) throws(SQLiteCacheError) {
        let statement = try prepare(sql)
        defer { statement.reset() }
        while try statement.step() { try row(statement) }
    }

    /// The first column of the first row of a query, as an integer (0 when there is none).
    func integer(_ sql: String) throws(SQLiteCacheError) -> Int {
        var value = 0
        try query(sql) { row throws(SQLiteCacheError) in value = Int(sqlite3_column_int64(row.pointer, 0)) }
        return value
    }

    /// Runs `body`'s reads in one transaction: one snapshot, taken before `body` runs (a
    /// deferred transaction would take it at its first read, after writes `body` began with).
    func read<Result>(_ body: () throws -> Result) throws -> Result {
        try inTransaction(begin: "BEGIN") {
            try execute("SELECT 1 FROM sqlite_master LIMIT 1")
            return try body()
        }
    }

    /// Runs `body` in an immediate transaction: all of it is written, or none.
    func transaction<Result>(_ body: () throws(SQLiteCacheError) -> Result) throws(SQLiteCacheError) -> Result {
        do {
            return try inTransaction(begin: "BEGIN IMMEDIATE", body)
        } catch {
            // `body` and the statements throw nothing else.
            throw error as? SQLiteCacheError ?? .failed(path: path, operation: "BEGIN IMMEDIATE", reason: "\(error)")
        }
    }

    private func inTransaction<Result>(begin: String, _ body: () throws -> Result) throws -> Result {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The statement for `sql`, prepared once and kept; callers reset it after use.
    func prepare(_ sql: String) throws(SQLiteCacheError) -> Statement {
        if let pointer = statements[sql] { return Statement(pointer: pointer, database: self, sql: sql) }
        var pointer: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil) == SQLITE_OK, let pointer else {
            throw failure(sql, reason: lastError)
        }
        statements[sql] = pointer
        return Statement(pointer: pointer, database: self, sql: sql)
    }

    /// How many rows the last finished statement inserted, changed or deleted.
    var changes: Int { Int(sqlite3_changes(handle)) }

    var lastError: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection" }

    /// The error for a statement that failed, by what SQLite says went wrong: a damaged file and
    /// a read-only one each have their own error, which says what to do.
    func failure(_ sql: String, reason: String) -> SQLiteCacheError {
        switch handle.map({ sqlite3_errcode($0) & 0xFF }) {
        case SQLITE_CORRUPT?, SQLITE_NOTADB?: return .damaged(path: path, reason: reason)
        case SQLITE_READONLY?: return .readOnly(path: path)
        default: return .failed(path: path, operation: sql, reason: reason)
        }
    }
}

/// A prepared statement of a connection, valid inside the call that hands it out.
///
/// Values are bound without a copy (`SQLITE_STATIC`), so a binding lasts only for the closure
/// it is made in: every step that uses it runs inside that closure.
struct Statement {
    let pointer: OpaquePointer
    let database: SQLiteDatabase
    let sql: String

    /// `SQLITE_STATIC`, a null destructor: SQLite reads bound values in place, without a copy,
    /// until the statement is reset.
    private static let noCopy: sqlite3_destructor_type? = nil

    /// Binds `text` to the parameter at `index` (from 1) for the length of `body`.
    func withText<Result>(_ text: String, at index: Int32, _ body: () throws(SQLiteCacheError) -> Result) throws(SQLiteCacheError) -> Result {
        var text = text
        // `withUTF8` rethrows untyped errors: the body's error comes out in a `Result`.
        return try text.withUTF8 { utf8 in
            sqlite3_bind_text(pointer, index, utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, Int32(utf8.count), Self.noCopy)
            return Swift.Result(catching: body)
        }.get()
    }

    /// Binds `bytes`, which must stay valid until `body` returns, to the parameter at `index`
    /// (from 1) for the length of `body`.
    func withBlob<Result>(
        _ bytes: UnsafeRawBufferPointer, at index: Int32, _ body: () throws(SQLiteCacheError) -> Result
    ) throws(SQLiteCacheError) -> Result {
        // A zero-length blob still needs an address: a null one would bind NULL.
        sqlite3_bind_blob(pointer, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), Self.noCopy)
        return try body()
    }

    /// Runs the statement to its next row: true when there is one, false when it is done.
    func step() throws(SQLiteCacheError) -> Bool {
        switch sqlite3_step(pointer) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.failure(sql, reason: database.lastError)
        }
    }

    /// Makes the statement ready to run again, without its bindings, whose memory is gone
    /// by then.
    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(pointer, column) else { return nil }
        let count = Int(sqlite3_column_bytes(pointer, column))
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's bytes, valid only inside `body` (SQLite owns them until the next step).
    func withBlob<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws(SQLiteCacheError) -> Result) throws(SQLiteCacheError) -> Result {
        let count = Int(sqlite3_column_bytes(pointer, column))
        guard count > 0, let bytes = sqlite3_column_blob(pointer, column) else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
