/// Accumulates Swift source line by line, with two-space indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ line: String = "") {
        if line.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "  ", count: depth) + line + "\n"
        }
    }

    /// `header {`, the body one level deeper, `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// A GraphQL description as a doc comment.
    mutating func documentation(_ description: String?) {
        guard let description, !description.isEmpty else { return }
        for docLine in description.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = docLine.trimmingTrailingWhitespace()
            line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }

    /// `@available(*, deprecated, message: "...")` when there is a reason.
    mutating func deprecation(_ reason: String?) {
        guard let reason else { return }
        line("@available(*, deprecated, message: \(SwiftLiteral.string(reason)))")
    }
}

extension Substring {
    func trimmingTrailingWhitespace() -> String {
        var end = endIndex
        while end > startIndex, let last = self[index(before: end)...].first, last == " " || last == "\t" || last == "\r" {
            end = index(before: end)
        }
        return String(self[startIndex..<end])
    }
}
