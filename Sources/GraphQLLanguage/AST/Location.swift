/// Where a node stands in its source: UTF-8 byte offsets `start..<end` into `source`.
///
/// Two locations are equal when they cover the same bytes of the same `Source` object.
public struct Location: Hashable, Sendable {
    public let start: Int
    public let end: Int
    public let source: Source

    public init(start: Int, end: Int, source: Source) {
        self.start = start
        self.end = end
        self.source = source
    }

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
