import Foundation
import Testing

/// Parses JSON text as `JSONSerialization` does: what a model's `init(jsonObject:)` takes.
func jsonObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], "not a JSON object", sourceLocation: sourceLocation)
}

/// JSON text with sorted keys, to compare two `jsonObject`s.
func canonical(_ object: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

/// The shared data folder (`../shared/data` beside the checkout).
var sharedData: URL {
    if let path = ProcessInfo.processInfo.environment["ORION_SHARED_DATA"] { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data")
}
