/// A GraphQL document's text and the name it is reported under (usually its file path).
///
/// AST nodes do not point back at their `Source` (a reference in every node would cost a retain
/// and a release each time one is copied); their `Location`s carry its `id` instead, and a
/// `Document` and a `GraphQLError` keep the sources themselves. It is immutable, so sharing it
/// across tasks is safe.
public final class Source: Sendable, Identifiable, CustomStringConvertible {
    /// What locations record of the source they point into.
    ///
    /// Random, so that no two sources of a process share one (the chance is 2⁻⁶⁴) without a
    /// process-wide counter; it stays the same for the source's lifetime.
    public struct ID: Hashable, Sendable {
        let value: UInt64
    }

    public let id = ID(value: .random(in: .min ... .max))
    /// The GraphQL text.
    public let body: String
    /// The name errors print before `line:column`, e.g. `Queries/LaunchList.graphql`.
    public let name: String

    /// Creates a source from GraphQL text and the name errors should print for it.
    public init(_ body: String, name: String = "GraphQL request") {
        // Contiguous UTF-8, so that the lexer reads the string's own bytes and copies none.
        var body = body
        body.makeContiguousUTF8()
        self.body = body
        self.name = name
    }

    public var description: String { name }

    /// Calls `read` with the text's UTF-8 bytes.
    func withUTF8<Result>(_ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // Always contiguous (see `init`); the copy is for a string that cannot say so.
        body.utf8.withContiguousStorageIfAvailable(read) ?? Array(body.utf8).withUnsafeBufferPointer(read)
    }

    /// The 1-based line and column (counted in Unicode scalars) of a UTF-8 byte offset.
    public func sourceLocation(at offset: Int) -> SourceLocation {
        withUTF8 { utf8 in
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
    }

    /// The text of the 1-based line `line`, without its terminator.
    public func lineText(_ line: Int) -> String {
        withUTF8 { utf8 in
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
            return String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<end]), as: UTF8.self)
        }
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
