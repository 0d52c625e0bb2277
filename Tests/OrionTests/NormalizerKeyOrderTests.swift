import Foundation
@testable import Orion
import OrionAPI
import Testing

/// `query Q { a b ...F }` with `fragment F on Query { a c }`: the normalizer looks `a` up
/// twice, once for the query and once for the fragment, each lookup starting after the last key
/// it found. Whatever order the server's keys come in, and even when one repeats, the record
/// must hold what decoding the response reads: each key's first occurrence.
private struct KeyOrderQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Q", schema: Metadata.self, document: OperationDocument(text: "query Q { a b ...F } fragment F on Query { a c }", identifier: ""))

    var __variables: [String: JSONValue] { [:] }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [
            .field("a", Int?.self), .field("b", Int?.self), .fragment(F.self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var a: Int? { __data[0] }
        var b: Int? { __data[1] }
        var c: Int? { __data.fragment(2)[1] }
    }

    struct F: Fragment, Hashable {
        static let fragmentDefinition = "fragment F on Query { a c }"
        static var __schema: any SchemaMetadata.Type { Metadata.self }
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("a", Int?.self), .field("c", Int?.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
    }

    enum Metadata: SchemaMetadata {
        static func objectType(forTypename typename: String) -> ObjectType? { nil }
    }
}

@Suite struct NormalizerKeyOrderTests {
    /// The root record a response normalizes into, and the model decoding the same bytes gives.
    private func normalize(_ json: String) throws -> (fields: RecordFields, decoded: KeyOrderQuery.Data?) {
        let store = OrionStore()
        try store.write(data: ResponseObject(jsonData: Data(json.utf8)), for: KeyOrderQuery())
        let record = try #require(try store.cache.loadRecord(forKey: RootCacheKey.query))
        let decoded = try GraphQLResponse.parse(Data(#"{"data": \#(json)}"#.utf8), for: KeyOrderQuery()).data
        return (record.fields, decoded)
    }

    private static let expected: RecordFields = ["a": .value(.int(1)), "b": .value(.int(2)), "c": .value(.int(3))]

    @Test(arguments: [
        #"{"a": 1, "b": 2, "c": 3}"#,
        #"{"c": 3, "b": 2, "a": 1}"#,
        #"{"b": 2, "c": 3, "a": 1}"#,
        #"{"extra": 0, "c": 3, "a": 1, "more": [1], "b": 2}"#,
    ])
    func anyKeyOrderNormalizesIntoTheSameRecord(json: String) throws {
        let (fields, decoded) = try normalize(json)
        #expect(fields == Self.expected)
        #expect(decoded?.a == 1 && decoded?.b == 2 && decoded?.c == 3)
    }

    @Test(arguments: [
        #"{"a": 1, "b": 2, "a": 9, "c": 3}"#,
        #"{"a": 1, "b": 2, "c": 3, "a": 9}"#,
        #"{"b": 2, "a": 1, "c": 3, "a": 9}"#,
    ])
    func aRepeatedKeyIsStoredAsItsFirstOccurrenceAsDecodingReadsIt(json: String) throws {
        let (fields, decoded) = try normalize(json)
        #expect(fields == Self.expected)
        #expect(decoded?.a == 1)
    }
}
