import Foundation

/// Paths between output directories, for the Package.swift of one package that names another
/// by path.
enum RelativePath {
    /// The path from directory `from` to `to`, both absolute file URLs: `../RocketReserverAPI`.
    static func from(_ from: URL, to: URL) -> String {
        let fromParts = from.standardizedFileURL.pathComponents
        let toParts = to.standardizedFileURL.pathComponents
        var common = 0
        while common < fromParts.count, common < toParts.count, fromParts[common] == toParts[common] { common += 1 }
        let parts = Array(repeating: "..", count: fromParts.count - common) + toParts[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
