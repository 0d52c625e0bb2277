import Foundation

/// The text a ``JSONTape`` indexes, kept as it came: an array (a part of a multipart body), a
/// WebSocket message's `String`, or a response body's `Data`, each read in place rather than
/// copied, which would double the memory the response holds while its models are built (and, for
/// a small message, cost an allocation as large as the rest of its reading).
@usableFromInline
enum JSONBytes: Sendable {
    case array([UInt8])
    case data(Data)
    /// Native UTF-8 (``JSONTape/init(string:)`` makes it so).
    case string(String)

    /// Calls `body` with the bytes, offset 0 being the first byte of the text (of a `Data` slice
    /// too).
    @inlinable @inline(__always)
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch self {
        case .array(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .data(let data): return try data.withUnsafeBytes { raw in try body(raw.bindMemory(to: UInt8.self)) }
        case .string(let text):
            if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
            // Not reached for the native strings the tape keeps; a copy is the safe answer.
            return try Array(text.utf8).withUnsafeBufferPointer(body)
        }
    }
}
