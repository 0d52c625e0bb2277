import CSQLite
import Foundation

/// A thin wrapper over SQLite's C API: one connection, statements, transactions. Not
/// thread-safe on its own; `SQLiteNormalizedCache` owns it behind a lock.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    let path: String

    /// Opens (creating if needed) the database file.
    init(path: String) throws(SQLiteCacheError) {
        self.path = path
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "status \(status)"
            sqlite3_close(connection)
            throw .cannotOpen(path: path, reason: message)
        }
        handle = connection
        sqlite3_busy_timeout(connection, 5_000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL without results.
    func execute(_ sql: String) throws(SQLiteCacheError) {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? lastError
            sqlite3_free(error)
            throw .failed(path: path, operation: sql, reason: message)
        }
    }

    /// Runs a query, calling `row` for each result row.
    func query(_ sql: String, bind: [String] = [], row: (Statement) throws(SQLiteCacheError) -> Void) throws(SQLiteCacheError) {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement.pointer) }
        for (index, value) in bind.enumerated() { statement.bind(value, at: Int32(index + 1)) }
        while true {
            let status = sqlite3_step(statement.pointer)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw .failed(path: path, operation: sql, reason: lastError) }
            try row(statement)
        }
    }

    /// Runs a statement once per set of bindings.
    func run(_ sql: String, bindings: [[SQLiteValue]]) throws(SQLiteCacheError) {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement.pointer) }
        for values in bindings {
            sqlite3_reset(statement.pointer)
            sqlite3_clear_bindings(statement.pointer)
            for (index, value) in values.enumerated() {
                switch value {
                case .text(let text): statement.bind(text, at: Int32(index + 1))
                case .blob(let data): statement.bind(data, at: Int32(index + 1))
                }
            }
            guard sqlite3_step(statement.pointer) == SQLITE_DONE else { throw .failed(path: path, operation: sql, reason: lastError) }
        }
    }

    /// Runs `body` in an immediate transaction: all of it is written, or none.
    func transaction<Result>(_ body: () throws(SQLiteCacheError) -> Result) throws(SQLiteCacheError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func prepare(_ sql: String) throws(SQLiteCacheError) -> Statement {
        var pointer: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &pointer, nil) == SQLITE_OK, let pointer else {
            throw .failed(path: path, operation: sql, reason: lastError)
        }
        return Statement(pointer: pointer)
    }

    private var lastError: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection" }
}

/// A value to bind.
enum SQLiteValue {
    case text(String)
    case blob(Data)
}

/// A prepared statement, valid inside the call that hands it out.
struct Statement {
    let pointer: OpaquePointer

    // SQLite copies bound values (SQLITE_TRANSIENT), so they need not outlive the call.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    func bind(_ text: String, at index: Int32) {
        sqlite3_bind_text(pointer, index, text, -1, Self.transient)
    }

    func bind(_ data: Data, at index: Int32) {
        data.withUnsafeBytes { buffer in
            _ = sqlite3_bind_blob(pointer, index, buffer.baseAddress, Int32(buffer.count), Self.transient)
        }
    }

    func text(_ column: Int32) -> String? {
        sqlite3_column_text(pointer, column).map { String(cString: $0) }
    }

    func blob(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(pointer, column))
        guard count > 0, let bytes = sqlite3_column_blob(pointer, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}
