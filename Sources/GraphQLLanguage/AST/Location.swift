/// Where a node stands in its source: UTF-8 byte offsets `start..<end` into `source`.
///
/// Two locations are equal when they cover the same bytes of the same `Source` object.
public struct Location: Hashable, Sendable {
    // 32-bit offsets keep every AST node smaller (sources are far below 4 GB; the parser's
    // token limit stops long before).
    private let start32: UInt32
    private let end32: UInt32
    public let source: Source

    public init(start: Int, end: Int, source: Source) {
        self.start32 = UInt32(truncatingIfNeeded: start)
        self.end32 = UInt32(truncatingIfNeeded: end)
        self.source = source
    }

    /// The UTF-8 offset where the node starts.
    public var start: Int { Int(start32) }
    /// The UTF-8 offset just past the node.
    public var end: Int { Int(end32) }

    public static func == (lhs: Location, rhs: Location) -> Bool {
        lhs.start == rhs.start && lhs.end == rhs.end && lhs.source === rhs.source
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(ObjectIdentifier(source))
    }

    /// The 1-based line and column where the node starts.
    public var sourceLocation: SourceLocation { source.sourceLocation(at: start) }
}
