/// The values of one `DataDict`, allocated with their header: one allocation of the values'
/// size and 24 bytes, where an array took 32 and rounded its capacity up.
///
/// Written only by the decoding that creates it (``DataDict/append(_:)``), before the
/// `DataDict` leaves that decoding; read only after. So the `DataDict`s of it are `Sendable`:
/// no value of it changes once another thread can see it.
@usableFromInline
final class DataDictStorage: ManagedBuffer<Int, DataDict.Value> {
    /// Room for `capacity` values, none set: the header counts the values set, which are the
    /// ones to destroy, whether or not the decoding that sets them finishes.
    @inlinable
    static func make(capacity: Int) -> DataDictStorage {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in 0 }, to: DataDictStorage.self)
    }

    deinit {
        _ = withUnsafeMutablePointers { count, values in values.deinitialize(count: count.pointee) }
    }
}
