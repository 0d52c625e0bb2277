/// An async iterator that one consumer at a time advances, made shareable so that an
/// `AsyncThrowingStream(unfolding:)` closure can hold it.
final class SerialIterator<Base: AsyncIteratorProtocol>: @unchecked Sendable {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    func next() async throws -> Base.Element? {
        try await base.next()
    }
}
