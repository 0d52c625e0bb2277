import Foundation

/// The body of a streamed HTTP response: its chunks, in the order the server sent them, as they
/// arrive.
///
/// ## Bounded buffer
///
/// Chunks the reader has not taken yet wait in a buffer of at most ``bufferLimit`` bytes plus one
/// chunk: a ``Writer/write(_:)`` waits while the buffer holds `bufferLimit` bytes or more, so a
/// producer never runs ahead of a slow reader by more than that. (`URLSessionClient` suspends its
/// task instead of waiting; chunks the session had already read when it was suspended are still
/// taken, so its bound is the limit plus those.)
///
/// ## Ending
///
/// The sequence ends after the last chunk, or throws the error the writer finished with. When the
/// reader stops first (it stops iterating, its task is cancelled, or every copy of the body is
/// dropped), the body is cancelled: a waiting ``Writer/write(_:)`` throws `CancellationError`,
/// and the `onTermination` given to ``makeStream(bufferLimit:onTermination:)`` runs, which is where
/// an `HTTPClient` cancels its request.
///
/// Read it once: it is one stream, not a collection.
public struct HTTPResponseBody: AsyncSequence, Sendable {
    public typealias Element = Data

    /// The default ``bufferLimit``: a few parts of a subscription, far less than a connection's
    /// worth of unread data.
    public static let defaultBufferLimit = 256 * 1024

    private let chunks: AsyncThrowingStream<Data, any Error>
    let flow: HTTPBodyFlow

    /// The most bytes the body holds for its reader before the writer is held back (see the type's
    /// discussion).
    public var bufferLimit: Int { flow.limit }

    /// A body and the writer that fills it.
    ///
    /// - Parameters:
    ///   - bufferLimit: The bytes buffered for the reader before ``Writer/write(_:)`` waits; at
    ///     least 1.
    ///   - onTermination: Runs once when the body ends for any reason: the writer finished, or the
    ///     reader stopped (cancel the request there).
    public static func makeStream(
        bufferLimit: Int = defaultBufferLimit, onTermination: @escaping @Sendable () -> Void = {}
    ) -> (body: HTTPResponseBody, writer: Writer) {
        let flow = HTTPBodyFlow(limit: Swift.max(1, bufferLimit))
        let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        continuation.onTermination = { _ in
            flow.cancel()
            onTermination()
        }
        return (HTTPResponseBody(chunks: chunks, flow: flow), Writer(continuation: continuation, flow: flow))
    }

    /// A body that is these bytes, already complete: for clients that read a whole response.
    public static func complete(_ data: Data) -> HTTPResponseBody {
        let (body, writer) = makeStream()
        if !data.isEmpty { _ = writer.offer(data) }
        writer.finish()
        return body
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: chunks.makeAsyncIterator(), flow: flow)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let flow: HTTPBodyFlow

        public mutating func next() async throws -> Data? {
            guard let chunk = try await chunks.next() else { return nil }
            // Taking a chunk makes room: a held-back writer may go on.
            flow.release(chunk.count)
            return chunk
        }
    }

    /// Fills an ``HTTPResponseBody``: one producer, writing chunks in order, then finishing.
    public struct Writer: Sendable {
        let continuation: AsyncThrowingStream<Data, any Error>.Continuation
        let flow: HTTPBodyFlow

        /// Appends `chunk` to the body, first waiting while the buffer holds ``bufferLimit`` bytes
        /// or more.
        ///
        /// - Throws: `CancellationError` when the reader has stopped (stop producing and cancel the
        ///   request) or the writing task is cancelled while it waits.
        public func write(_ chunk: Data) async throws {
            try await flow.reserve(chunk.count)
            if case .terminated = continuation.yield(chunk) { throw CancellationError() }
        }

        /// Appends `chunk` without waiting; `false` when the buffer is now full (or the reader has
        /// stopped) and the producer should pause until `HTTPBodyFlow.whenRoom` says so. For
        /// producers that cannot wait, such as a `URLSession` delegate.
        func offer(_ chunk: Data) -> Bool {
            let hasRoom = flow.add(chunk.count)
            if case .terminated = continuation.yield(chunk) { return false }
            return hasRoom
        }

        /// Ends the body after the chunks written: the reader's sequence ends, or throws `error`.
        public func finish(throwing error: (any Error)? = nil) {
            continuation.finish(throwing: error)
        }

        /// The most bytes buffered before ``write(_:)`` waits.
        public var bufferLimit: Int { flow.limit }
    }
}

/// The flow control between a body's writer and its reader: how many bytes wait in the buffer,
/// and who waits for room.
final class HTTPBodyFlow: Sendable {
    let limit: Int

    private struct Waiter {
        let id: Int
        let count: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var buffered = 0
        var cancelled = false
        var waiters: [Waiter] = []
        var nextWaiterID = 0
        /// A producer that cannot wait (``HTTPResponseBody/Writer/offer(_:)``) paused on a full
        /// buffer, to be told when there is room.
        var pausedProducer: (@Sendable () -> Void)?
        /// Tests waiting until a writer is held back.
        var heldBackObservers: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = limit
    }

    /// Bytes written and not yet read.
    var bufferedByteCount: Int { state.withLock { $0.buffered } }

    /// Waits until the buffer is under the limit, then counts `count` more bytes in it.
    func reserve(_ count: Int) async throws {
        let id = state.withLock { state -> Int in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (ready, observers) = state.withLock { state -> (Bool?, [CheckedContinuation<Void, Never>]) in
                    if state.cancelled || Task.isCancelled { return (nil, []) }
                    if state.buffered < limit && state.waiters.isEmpty {
                        state.buffered += count
                        return (true, [])
                    }
                    state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
                    defer { state.heldBackObservers = [] }
                    return (false, state.heldBackObservers)
                }
                for observer in observers { observer.resume() }
                switch ready {
                case true?: continuation.resume()
                case false?: break
                case nil: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Counts `count` more bytes without waiting; whether the buffer is still under the limit.
    func add(_ count: Int) -> Bool {
        state.withLock { state in
            state.buffered += count
            return state.buffered < limit
        }
    }

    /// Registers a producer that paused after ``add(_:)`` said the buffer was full: `resume` runs
    /// once there is room, at once if the reader made room in between.
    func whenRoom(_ resume: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.cancelled { return false }
            if state.buffered < limit { return true }
            state.pausedProducer = resume
            return false
        }
        if now { resume() }
    }

    /// The reader took `count` bytes: wakes the writers that now fit, in order.
    func release(_ count: Int) {
        let (ready, producer) = state.withLock { state -> ([Waiter], (@Sendable () -> Void)?) in
            state.buffered -= count
            var ready: [Waiter] = []
            while state.buffered < limit, !state.waiters.isEmpty {
                let waiter = state.waiters.removeFirst()
                state.buffered += waiter.count
                ready.append(waiter)
            }
            var producer: (@Sendable () -> Void)?
            if state.buffered < limit {
                producer = state.pausedProducer
                state.pausedProducer = nil
            }
            return (ready, producer)
        }
        for waiter in ready { waiter.continuation.resume() }
        producer?()
    }

    /// The reader stopped: waiting writers throw, a paused producer is not resumed.
    func cancel() {
        let (waiters, observers) = state.withLock { state in
            state.cancelled = true
            state.pausedProducer = nil
            defer {
                state.waiters = []
                state.heldBackObservers = []
            }
            return (state.waiters, state.heldBackObservers)
        }
        for waiter in waiters { waiter.continuation.resume(throwing: CancellationError()) }
        for observer in observers { observer.resume() }
    }

    /// Returns once a writer is waiting for room (or the body is cancelled): how tests see by an
    /// event, not by time, that the buffer holds the producer back.
    func waitUntilWriterIsHeldBack() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.cancelled || !state.waiters.isEmpty { return true }
                state.heldBackObservers.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
