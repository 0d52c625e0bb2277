import Foundation
import OrionCache

/// The connections a cache reads with, lent to one thread at a time: with the WAL journal a
/// reader never waits for the writer, nor the writer for readers, and readers on different
/// threads run in parallel.
///
/// A thread inside `withinRead` keeps its connection, and its transaction, until the read ends:
/// every load it makes meanwhile reads that one snapshot.
final class SQLiteReaderPool: Sendable {
    private struct State {
        var idle: [SQLiteDatabase] = []
        /// The connection of each thread inside `withinRead`.
        var leases: [ObjectIdentifier: SQLiteDatabase] = [:]
    }

    // Connections are not Sendable: each idle one is reachable only here, and each leased one
    // only by the thread holding it.
    private let state = Mutex(State())
    private let open: @Sendable () throws(SQLiteCacheError) -> SQLiteDatabase
    /// Connections kept open between reads; more are opened while more threads read at once.
    static let idleLimit = 4

    init(open: @escaping @Sendable () throws(SQLiteCacheError) -> SQLiteDatabase) {
        self.open = open
    }

    /// Runs `body` with this thread's connection: the one of its `withinRead`, else one lent
    /// for the call.
    func withReader<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
        let thread = ObjectIdentifier(Thread.current)
        if let leased = state.withLock({ $0.leases[thread] }) { return try body(leased) }
        let reader = try take()
        defer { give(reader) }
        return try body(reader)
    }

    /// Runs `body`, whose loads on this thread share one read transaction.
    func withinRead<Result>(_ body: () throws -> Result) throws -> Result {
        let thread = ObjectIdentifier(Thread.current)
        if state.withLock({ $0.leases[thread] != nil }) { return try body() }
        let reader = try take()
        state.withLock { $0.leases[thread] = reader }
        defer {
            state.withLock { $0.leases[thread] = nil }
            give(reader)
        }
        return try reader.read(body)
    }

    private func take() throws(SQLiteCacheError) -> SQLiteDatabase {
        if let reader = state.withLock({ $0.idle.popLast() }) { return reader }
        return try open()
    }

    private func give(_ reader: SQLiteDatabase) {
        state.withLock { state in
            if state.idle.count < Self.idleLimit { state.idle.append(reader) }
        }
    }
}
