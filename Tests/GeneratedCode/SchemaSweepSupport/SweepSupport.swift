import Foundation
import OrionAPI
import Testing

// Support of the schema sweep's generated tests (Tests/SchemaSweep): generate.sh copies this
// file beside them into Generated/SchemaSweepTests.

struct SweepFixtureError: Error, CustomStringConvertible {
    let description: String
}

/// Parses a mock response's `data` as `JSONSerialization` does.
func sweepJSONObject(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
        throw SweepFixtureError(description: "not a JSON object: \(text.prefix(80))")
    }
    return object
}

/// Parses an operation's variables.
func sweepVariables(_ text: String) throws -> [String: OrionAPI.JSONValue] {
    guard case .object(let variables)? = OrionAPI.JSONValue(jsonObjectValue: try sweepJSONObject(text)) else {
        throw SweepFixtureError(description: "not JSON variables: \(text.prefix(80))")
    }
    return variables
}

/// Expects `actual` to be `expected` exactly: the same keys, and values of the same JSON kind
/// (`true`, `1` and `1.0` all differ). A failure names the first path where they differ.
func expectSameJSON(_ actual: [String: Any], _ expected: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws {
    if let difference = try jsonDifference(actual, expected, path: "data") {
        Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
    }
}

/// Where two JSON values first differ, or nil when they are the same.
func jsonDifference(_ actual: Any, _ expected: Any, path: String) throws -> String? {
    if let actualObject = actual as? [String: Any], let expectedObject = expected as? [String: Any] {
        for key in Set(actualObject.keys).union(expectedObject.keys).sorted() {
            switch (actualObject[key], expectedObject[key]) {
            case (let actualValue?, let expectedValue?):
                if let difference = try jsonDifference(actualValue, expectedValue, path: path + "." + key) { return difference }
            case (let actualValue?, nil):
                return "\(path).\(key): expected no value, found \(try typedJSON(actualValue).prefix(200))"
            case (nil, let expectedValue?):
                return "\(path).\(key): expected \(try typedJSON(expectedValue).prefix(200)), found no value"
            case (nil, nil):
                break
            }
        }
        return nil
    }
    if let actualList = actual as? [Any], let expectedList = expected as? [Any], actualList.count == expectedList.count {
        for (index, pair) in zip(actualList, expectedList).enumerated() {
            if let difference = try jsonDifference(pair.0, pair.1, path: "\(path)[\(index)]") { return difference }
        }
        return nil
    }
    let actualText = try typedJSON(actual)
    let expectedText = try typedJSON(expected)
    return actualText == expectedText ? nil : "\(path): expected \(expectedText.prefix(200)), found \(actualText.prefix(200))"
}

/// Canonical text of a JSON value with its kind spelled out: keys sorted, numbers tagged as
/// boolean, integer or double whichever way they were made (Swift values from `jsonObject`,
/// `NSNumber`s from `JSONSerialization`).
func typedJSON(_ value: Any) throws -> String {
    switch value {
    case let object as [String: Any]:
        let fields = try object.keys.sorted().map { key in try quoted(key) + ":" + typedJSON(object[key] as Any) }
        return "{" + fields.joined(separator: ",") + "}"
    case let list as [Any]:
        return "[" + (try list.map(typedJSON)).joined(separator: ",") + "]"
    case let string as String:
        return try quoted(string)
    case is NSNull:
        return "null"
    default:
        break
    }
    // Swift values first, by their exact type: on Linux an `NSNumber` casts to all of these.
    if type(of: value) == Bool.self, let bool = value as? Bool { return "bool:\(bool)" }
    if type(of: value) == Int.self, let int = value as? Int { return "int:\(int)" }
    if type(of: value) == Double.self, let double = value as? Double { return "double:\(double)" }
    if let number = value as? NSNumber {
        switch String(cString: number.objCType) {
        case "c", "B": return "bool:\(number.boolValue)"
        case "d", "f": return "double:\(number.doubleValue)"
        default: return "int:\(number.int64Value)"
        }
    }
    throw SweepFixtureError(description: "not a JSON value: \(type(of: value))")
}

private func quoted(_ string: String) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: [string], options: [.fragmentsAllowed]), as: UTF8.self)
}
