import Foundation

/// Parses `application/x-www-form-urlencoded` text, as GraphQL GET requests send their
/// parameters: `+` is a space and `%XX` a byte. The first value of a repeated name wins.
enum QueryString {
    static func parse(_ query: String?) -> [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first.flatMap(decode) else { continue }
            let value = parts.count > 1 ? decode(parts[1]) : ""
            if parameters[name] == nil, let value { parameters[name] = value }
        }
        return parameters
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
