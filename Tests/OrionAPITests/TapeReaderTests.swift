import Foundation
import OrionAPI
import Testing

/// Decoding reads a response through a reader borrowed for the decode (pointers, nothing
/// retained): what it hands out of the decode must hold the tape itself, and its walks of
/// lists must find every element, however nested or empty.
@Suite struct TapeReaderTests {
    /// A scalar of an app's that keeps the value it is read from, as `ScalarType` allows.
    struct KeepingScalar: ScalarType, Hashable {
        nonisolated(unsafe) static var kept: [ResponseValue] = []

        static func decodeDataDictValue(_ value: ResponseValue) throws -> DataDict.Value {
            kept.append(value)
            return .string(try value.decodeString())
        }

        static func decodeDataDictValue(_ value: JSONValue) throws -> DataDict.Value {
            guard case .string(let string) = value else { throw ResponseDecodingError(expected: "String", found: "\(value)") }
            return .string(string)
        }

        static func _read(_ value: DataDict.Value) -> Self { Self() }
    }

    @Test func aValueAScalarKeepsOutlivesTheDecodeAndTheResponse() throws {
        KeepingScalar.kept = []
        do {
            // A text built at run time, so that nothing but the response holds its bytes.
            let text = (0..<3).map { #"{"name": "value \#($0) \#(String(repeating: "x", count: 40))"}"# }.joined(separator: ",")
            let object = try ResponseObject(jsonData: Data(#"{"items": [\#(text)]}"#.utf8))
            _ = try DataDict(decoding: object, selections: [.field("items", [ItemModel].self)])
        }
        // The response, its tape and the decoded data are gone; the kept values hold the tape.
        let kept = KeepingScalar.kept
        KeepingScalar.kept = []
        #expect(try kept.map { try $0.decodeString() } == (0..<3).map { "value \($0) \(String(repeating: "x", count: 40))" })
    }

    @Test func nestedAndEmptyListsDecodeAsTheirJSON() throws {
        let selections: [Selection] = [.field("lists", [[Int?]].self), .field("strings", [String].self)]
        for (json, lists, strings) in [
            (#"{"lists": [], "strings": []}"#, [[Int?]](), [String]()),
            (#"{"lists": [[]], "strings": ["a"]}"#, [[]], ["a"]),
            (#"{"lists": [[], [1, null, 3], [], [4]], "strings": ["a", "b\n", ""]}"#, [[], [1, nil, 3], [], [4]], ["a", "b\n", ""]),
        ] as [(String, [[Int?]], [String])] {
            let data = try DataDict(decoding: ResponseObject(jsonData: Data(json.utf8)), selections: selections)
            let model = ListsModel(_dataDict: data)
            #expect(model.lists == lists, "\(json)")
            #expect(model.strings == strings, "\(json)")
        }
    }

    struct ItemModel: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Item")), [.field("name", KeepingScalar.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
    }

    struct ListsModel: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Lists")), [
            .field("lists", [[Int?]].self), .field("strings", [String].self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var lists: [[Int?]] { __data[0] }
        var strings: [String] { __data[1] }
    }
}
