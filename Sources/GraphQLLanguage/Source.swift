/// A GraphQL document's text and the name it is reported under (usually its file path).
///
/// `Source` is a reference type so that every AST node can point back at the text it came from
/// for one word of storage; it is immutable, so sharing it across tasks is safe.
public final class Source: Sendable, CustomStringConvertible {
    /// The GraphQL text.
    public let body: String
    /// The name errors print before `line:column`, e.g. `Queries/LaunchList.graphql`.
    public let name: String
    /// The text as UTF-8, which the lexer reads.
    let utf8: [UInt8]

    /// Creates a source from GraphQL text and the name errors should print for it.
    public init(_ body: String, name: String = "GraphQL request") {
        self.body = body
        self.name = name
        self.utf8 = Array(body.utf8)
    }

    public var description: String { name }

    /// The 1-based line and column (counted in Unicode scalars) of a UTF-8 byte offset.
    public func sourceLocation(at offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), utf8.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < end {
            let byte = utf8[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte == 0x0D {
                // "\r\n" is one line terminator; "\r" alone is one too.
                if index + 1 < utf8.count, utf8[index + 1] == 0x0A {
                    if index + 1 < end { index += 1 } else { break }
                }
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        for byte in utf8[lineStart..<end] where byte & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(line: line, column: column)
    }

    /// The text of the 1-based line `line`, without its terminator.
    public func lineText(_ line: Int) -> String {
        var current = 1
        var start = 0
        var index = 0
        while index < utf8.count, current < line {
            let byte = utf8[index]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < utf8.count, utf8[index + 1] == 0x0A { index += 1 }
                current += 1
                start = index + 1
            }
            index += 1
        }
        var end = start
        while end < utf8.count, utf8[end] != 0x0A, utf8[end] != 0x0D { end += 1 }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}

/// A 1-based line and column in a `Source`; columns count Unicode scalars.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
