import Foundation
import OrionAPI
import Testing

/// Decoding looks each field up from where the last one was found (responses come in the
/// selections' order), and reads the same data whatever the order, extra keys or repeated keys
/// of the response object.
@Suite struct FieldOrderDecodingTests {
    private static let selections: [Selection] = [
        .field("b", String.self), .field("a", Int.self), .field("c", Bool?.self), .field("d", alias: "e", [String].self),
    ]

    private func decode(_ json: String) throws -> DataDict {
        try DataDict(decoding: ResponseObject(jsonData: Data(json.utf8)), selections: Self.selections)
    }

    @Test func anyOrderOfTheKeysReadsTheSameData() throws {
        let inOrder = try decode(#"{"b": "x", "a": 1, "c": true, "e": ["y"]}"#)
        for json in [
            #"{"e": ["y"], "c": true, "a": 1, "b": "x"}"#,
            #"{"a": 1, "b": "x", "e": ["y"], "c": true}"#,
            #"{"z": 0, "b": "x", "d": ["not this"], "a": 1, "c": true, "y": {"a": 2}, "e": ["y"]}"#,
        ] {
            #expect(try decode(json) == inOrder, "\(json)")
        }
        #expect(try decode(#"{"b": "x", "a": 1, "e": []}"#) != inOrder)
    }

    /// A key the object repeats reads its first occurrence, as `ResponseObject.value(forKey:)`
    /// does, even when an earlier field's lookup went past it.
    @Test func aRepeatedKeyReadsItsFirstOccurrence() throws {
        let first = try decode(#"{"b": "x", "a": 1, "c": null, "e": []}"#)
        #expect(try decode(#"{"a": 1, "b": "x", "a": 2, "c": null, "e": [], "c": true}"#) == first)
        #expect(try decode(#"{"e": [], "b": "x", "e": ["y"], "c": null, "a": 1, "b": "z", "a": 3}"#) == first)
    }

    @Test func aMissingFieldIsStillAnError() throws {
        #expect(throws: ResponseDecodingError.self) { try decode(#"{"b": "x", "c": true, "e": []}"#) }
        #expect(try decode(#"{"b": "x", "a": 1, "e": []}"#) == decode(#"{"e": [], "a": 1, "b": "x"}"#), "a nullable field left out is null")
    }
}
