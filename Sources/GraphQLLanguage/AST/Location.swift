/// Where a node stands in its source: UTF-8 byte offsets `start..<end` into the `Source` whose
/// `id` is `sourceID`.
///
/// It holds no reference, so copying a node costs no reference counting. The `Source` itself is
/// kept by the `Document` (and by errors): `sourceLocation(in:)` turns a location into a line
/// and column. Two locations are equal when they cover the same bytes of the same source.
public struct Location: Hashable, Sendable {
    // 32-bit offsets keep every AST node smaller (sources are far below 4 GB; the parser's
    // token limit stops long before).
    private let start32: UInt32
    private let end32: UInt32
    /// The `id` of the source the offsets point into.
    public let sourceID: Source.ID

    /// A location in `source`.
    public init(start: Int, end: Int, source: Source) {
        self.init(start: start, end: end, sourceID: source.id)
    }

    /// A location in the source whose `id` is `sourceID`.
    public init(start: Int, end: Int, sourceID: Source.ID) {
        self.start32 = UInt32(truncatingIfNeeded: start)
        self.end32 = UInt32(truncatingIfNeeded: end)
        self.sourceID = sourceID
    }

    /// The UTF-8 offset where the node starts.
    public var start: Int { Int(start32) }
    /// The UTF-8 offset just past the node.
    public var end: Int { Int(end32) }

    /// Whether the location points into `source`.
    public func isIn(_ source: Source) -> Bool { sourceID == source.id }

    /// The 1-based line and column where the node starts, in its source `source`.
    public func sourceLocation(in source: Source) -> SourceLocation {
        precondition(isIn(source), "the location points into another source")
        return source.sourceLocation(at: start)
    }
}
