/// The bytes of a record being encoded, in memory the buffer owns: a write of many records
/// encodes each into the same buffer, so encoding allocates nothing once it has grown.
///
/// Not an array: appending a short string to an array checks its uniqueness and capacity and
/// copies through the generic path, several times the cost of the copy itself, and records are
/// mostly short strings (names, keys, scalars).
struct RecordBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit {
        base.deallocate()
    }

    /// Empties the buffer, keeping its memory.
    mutating func removeAll() {
        count = 0
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Calls `body` with the bytes written so far, valid for the call.
    func withUnsafeBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    private mutating func grow(toAtLeast needed: Int) {
        let grown = max(needed, capacity * 2)
        let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
        moved.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = moved
        capacity = grown
    }
}
