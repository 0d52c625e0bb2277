import Foundation

/// The opaque cursor of a launch in `launches(after:)`: base64 of `launch:<flight number>`.
///
/// Flight numbers are unique where dates are not (two launches share one), so a cursor names
/// exactly one place in the list and stays valid as long as the catalog does.
enum Cursor {
    private static let prefix = "launch:"

    static func encode(flightNumber: Int) -> String {
        Data((prefix + String(flightNumber)).utf8).base64EncodedString()
    }

    /// The flight number a cursor names, or nil when the text is not a cursor this server made.
    static func decode(_ cursor: String) -> Int? {
        guard let data = Data(base64Encoded: cursor),
              let text = String(data: data, encoding: .utf8),
              text.hasPrefix(prefix)
        else { return nil }
        return Int(text.dropFirst(prefix.count))
    }
}
