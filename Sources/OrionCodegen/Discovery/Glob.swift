import Foundation

/// A path pattern: `*` and `?` match within one path component, `**` matches any number of
/// directories (zero included), `[abc]` matches one of a set. `Sources/**/*.graphql` matches
/// `Sources/A.graphql` and `Sources/x/y/B.graphql`.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let components: [String]
    private let isAbsolute: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        self.isAbsolute = pattern.hasPrefix("/")
        self.components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    }

    public var description: String { pattern }

    /// The regular files under `directory` (for relative patterns) that match, sorted by path.
    ///
    /// Hidden directories and `.build` folders are not searched unless the pattern names them.
    public func files(relativeTo directory: URL) -> [URL] {
        let fileManager = FileManager.default
        let root = isAbsolute ? URL(fileURLWithPath: "/") : directory
        // Walk from the longest prefix without wildcards: `Sources/**` starts in `Sources`.
        let literalCount = components.prefix { !Self.hasWildcard($0) }.count
        var start = root
        for component in components.prefix(literalCount) { start.appendPathComponent(component) }
        let rest = Array(components.dropFirst(literalCount))
        var results: [String] = []
        if rest.isEmpty {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: start.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                results.append(start.path)
            }
        } else {
            collect(in: start.path, rest[...], into: &results, fileManager: fileManager)
        }
        return results.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// Whether `path` (relative, `/`-separated) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        return Self.match(components[...], parts[...])
    }

    private func collect(in directory: String, _ pattern: ArraySlice<String>, into results: inout [String], fileManager: FileManager) {
        guard let first = pattern.first else { return }
        guard let entries = try? fileManager.contentsOfDirectory(atPath: directory) else { return }
        let rest = pattern.dropFirst()
        if first == "**" {
            // Zero directories: the rest matches here.
            collect(in: directory, rest, into: &results, fileManager: fileManager)
            for entry in entries.sorted() where !Self.isSkipped(entry) {
                let path = directory + "/" + entry
                if Self.isDirectory(path, fileManager) {
                    collect(in: path, pattern, into: &results, fileManager: fileManager)
                }
            }
            return
        }
        for entry in entries.sorted() where Self.matchComponent(first, entry) {
            if entry.hasPrefix(".") && !first.hasPrefix(".") { continue }
            let path = directory + "/" + entry
            let isDirectory = Self.isDirectory(path, fileManager)
            if rest.isEmpty {
                if !isDirectory { results.append(path) }
            } else if isDirectory {
                collect(in: path, rest, into: &results, fileManager: fileManager)
            }
        }
    }

    private static func isSkipped(_ entry: String) -> Bool {
        entry.hasPrefix(".")
    }

    private static func isDirectory(_ path: String, _ fileManager: FileManager) -> Bool {
        var isDirectory: ObjCBool = false
        return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func hasWildcard(_ component: String) -> Bool {
        component.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    private static func match(_ pattern: ArraySlice<String>, _ parts: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return parts.isEmpty }
        if first == "**" {
            var remaining = parts
            while true {
                if match(pattern.dropFirst(), remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let part = parts.first, matchComponent(first, part) else { return false }
        return match(pattern.dropFirst(), parts.dropFirst())
    }

    /// Matches one path component against `*`, `?` and `[...]`.
    static func matchComponent(_ pattern: String, _ name: String) -> Bool {
        matchScalars(Array(pattern.unicodeScalars)[...], Array(name.unicodeScalars)[...])
    }

    private static func matchScalars(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        var pattern = pattern
        var name = name
        while let token = pattern.first {
            switch token {
            case "*":
                let rest = pattern.dropFirst()
                var candidate = name
                while true {
                    if matchScalars(rest, candidate) { return true }
                    guard !candidate.isEmpty else { return false }
                    candidate = candidate.dropFirst()
                }
            case "?":
                guard !name.isEmpty else { return false }
                pattern = pattern.dropFirst()
                name = name.dropFirst()
            case "[":
                guard let character = name.first, let close = pattern.firstIndex(of: "]"), close > pattern.startIndex + 1 else {
                    return false
                }
                var set = pattern[(pattern.startIndex + 1)..<close]
                let negated = set.first == "!" || set.first == "^"
                if negated { set = set.dropFirst() }
                var found = false
                var index = set.startIndex
                while index < set.endIndex {
                    if index + 2 < set.endIndex, set[index + 1] == "-" {
                        if (set[index].value...set[index + 2].value).contains(character.value) { found = true }
                        index += 3
                    } else {
                        if set[index] == character { found = true }
                        index += 1
                    }
                }
                guard found != negated else { return false }
                pattern = pattern[(close + 1)...]
                name = name.dropFirst()
            default:
                guard name.first == token else { return false }
                pattern = pattern.dropFirst()
                name = name.dropFirst()
            }
        }
        return name.isEmpty
    }
}
