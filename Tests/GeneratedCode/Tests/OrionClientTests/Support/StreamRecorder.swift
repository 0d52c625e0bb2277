import Foundation

/// Reads a stream in a task of its own and keeps what came, so that a test can wait for each
/// element with a time limit (polling: cancelling a wait would end the stream).
final class StreamRecorder<Element: Sendable>: Sendable {
    enum Outcome: Sendable {
        case element(Element)
        case finished
        case failed(any Error)
    }

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    private let outcomes = Locked<[Outcome]>([])
    private let read = Locked(0)
    private let task: Task<Void, Never>

    init(_ stream: AsyncThrowingStream<Element, any Error>) {
        let outcomes = outcomes
        task = Task {
            do {
                for try await element in stream { outcomes.withLock { $0.append(.element(element)) } }
                outcomes.withLock { $0.append(.finished) }
            } catch {
                outcomes.withLock { $0.append(.failed(error)) }
            }
        }
    }

    /// The next outcome, or `nil` when none came within `timeout` seconds.
    func next(timeout: Double) async throws -> Outcome? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let index = read.withLock { $0 }
            if let outcome = outcomes.withLock({ index < $0.count ? $0[index] : nil }) {
                read.withLock { $0 += 1 }
                return outcome
            }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        return nil
    }

    /// The next element; throws when the stream ended or nothing came in time.
    func nextElement(timeout: Double = 10) async throws -> Element {
        switch try await next(timeout: timeout) {
        case .element(let element): return element
        case .finished: throw Timeout(description: "the stream finished instead")
        case .failed(let error): throw error
        case nil: throw Timeout(description: "nothing within \(timeout) s")
        }
    }

    /// Every outcome not read yet.
    var unread: [Outcome] {
        let index = read.withLock { $0 }
        return outcomes.withLock { Array($0.dropFirst(index)) }
    }

    func cancel() {
        task.cancel()
    }

    deinit {
        task.cancel()
    }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    // Every access to `value` holds `lock`.
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
