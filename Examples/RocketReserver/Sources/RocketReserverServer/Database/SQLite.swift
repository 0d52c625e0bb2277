import CRocketReserverSQLite
import Foundation

/// An error from SQLite: the result code and SQLite's own message.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var description: String { "SQLite error \(code): \(message)" }
}

/// A value bound to, or read from, a statement's parameter or column.
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)
    case blob(Data)
}

/// One connection to a SQLite database file.
///
/// Not thread-safe by itself: the database actor that owns it is the only one that uses it.
/// Prepared statements are cached by their SQL text, since the server runs the same few
/// statements over and over.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database at `path`.
    init(path: String) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let opened = handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            sqlite3_close(handle)
            throw SQLiteError(code: code, message: message)
        }
        self.handle = opened
        // Another process (or a test) may briefly hold the file: wait rather than fail at once.
        sqlite3_busy_timeout(opened, 5_000)
    }

    deinit {
        statements.removeAll()
        sqlite3_close(handle)
    }

    /// Runs one or more statements that take no parameters and return no rows.
    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        guard code == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(error)
            throw SQLiteError(code: code, message: message)
        }
    }

    /// Runs a statement with parameters, returning no rows.
    func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws {
        let statement = try prepared(sql)
        try statement.bind(parameters)
        defer { statement.reset() }
        while try statement.step() {}
    }

    /// Runs a query, returning each row's columns.
    func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        let statement = try prepared(sql)
        try statement.bind(parameters)
        defer { statement.reset() }
        var rows: [[SQLiteValue]] = []
        while try statement.step() {
            rows.append(statement.row())
        }
        return rows
    }

    /// The number of rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    fileprivate var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    private func prepared(_ sql: String) throws -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &pointer, nil)
        guard code == SQLITE_OK, let pointer else {
            throw SQLiteError(code: code, message: lastErrorMessage)
        }
        let statement = SQLiteStatement(pointer: pointer, connection: self)
        statements[sql] = statement
        return statement
    }
}

/// A prepared statement, owned and cached by its connection.
final class SQLiteStatement {
    private let pointer: OpaquePointer
    private unowned let connection: SQLiteConnection

    // SQLite copies bound text and blobs before the bind call returns (SQLITE_TRANSIENT).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    fileprivate init(pointer: OpaquePointer, connection: SQLiteConnection) {
        self.pointer = pointer
        self.connection = connection
    }

    deinit { sqlite3_finalize(pointer) }

    func bind(_ values: [SQLiteValue]) throws {
        sqlite3_clear_bindings(pointer)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null:
                code = sqlite3_bind_null(pointer, index)
            case .integer(let integer):
                code = sqlite3_bind_int64(pointer, index, integer)
            case .text(let text):
                code = sqlite3_bind_text(pointer, index, text, -1, Self.transient)
            case .blob(let data):
                code = data.withUnsafeBytes { bytes in
                    sqlite3_bind_blob(pointer, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
                }
            }
            guard code == SQLITE_OK else {
                throw SQLiteError(code: code, message: connection.lastErrorMessage)
            }
        }
    }

    /// Advances to the next row: true when there is one, false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(pointer) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, message: connection.lastErrorMessage)
        }
    }

    func row() -> [SQLiteValue] {
        (0..<sqlite3_column_count(pointer)).map(column)
    }

    func reset() {
        sqlite3_reset(pointer)
    }

    private func column(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(pointer, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(pointer, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(pointer, index) else { return .null }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(pointer, index))
            guard count > 0, let bytes = sqlite3_column_blob(pointer, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }
}

extension SQLiteValue {
    var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    var blob: Data? {
        if case .blob(let value) = self { return value }
        return nil
    }
}
