/// The elements of a stream, read in the background and taken one at a time by a test, each wait
/// bounded by `withTimeout`: for tests that act between one element and the next.
actor StreamInbox<Element: Sendable> {
    private var buffered: [Element] = []
    private var end: Result<Void, any Error>?
    private var waiter: CheckedContinuation<Element?, any Error>?
    private var reader: Task<Void, Never>?

    init(_ stream: AsyncThrowingStream<Element, any Error>) {
        let task = Task { [weak self] in
            do {
                for try await element in stream { await self?.push(element) }
                await self?.finish(.success(()))
            } catch {
                await self?.finish(.failure(error))
            }
        }
        Task { await self.keep(task) }
    }

    private func keep(_ task: Task<Void, Never>) { reader = task }

    private func push(_ element: Element) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: element)
        } else {
            buffered.append(element)
        }
    }

    private func finish(_ result: Result<Void, any Error>) {
        end = result
        guard let waiter else { return }
        self.waiter = nil
        waiter.resume(with: result.map { nil })
    }

    /// The next element; nil once the stream has finished; the stream's error once it failed.
    private func take() async throws -> Element? {
        if !buffered.isEmpty { return buffered.removeFirst() }
        if let end { return try end.map { nil }.get() }
        return try await withCheckedThrowingContinuation { waiter = $0 }
    }

    /// The next element, waiting at most `seconds`.
    nonisolated func next(_ seconds: Double = 20) async throws -> Element? {
        try await withTimeout(seconds) { try await self.take() }
    }

    /// Stops reading the stream.
    func cancel() { reader?.cancel() }
}
