import Foundation

/// The text a ``JSONTape`` indexes, kept as it came: an array (a WebSocket message, a part of a
/// multipart body), or a response body's `Data`, read in place rather than copied, which would
/// double the memory the response holds while its models are built.
@usableFromInline
enum JSONBytes: Sendable {
    case array([UInt8])
    case data(Data)

    /// Calls `body` with the bytes, offset 0 being the first byte of the text (of a `Data` slice
    /// too).
    @inlinable @inline(__always)
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch self {
        case .array(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .data(let data): return try data.withUnsafeBytes { raw in try body(raw.bindMemory(to: UInt8.self)) }
        }
    }
}
