import Foundation
@testable import Orion
import OrionAPI
import Testing

/// `query Q($x: Boolean = true) { a @include(if: $x) b }`, written by hand the way code
/// generation writes it: `$x` is not sent, so the server includes `a`, and so must the client
/// when it parses the response, normalizes it and reads it back from the cache.
private struct DefaultedQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Q", schema: Metadata.self, document: OperationDocument(text: "query Q($x: Boolean = true) { a @include(if: $x) b }", identifier: ""), defaultVariables: ["x": .bool(true)])

    var x: GraphQLNullable<Bool> = .absent
    var __variables: [String: JSONValue] { JSONValue.fields(["x": x.inputValue()]) }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("a", String?.self, condition: .include("x")), .field("b", Int?.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var a: String? { __data[0] }
        var b: Int? { __data[1] }
    }

    enum Metadata: SchemaMetadata {
        static func objectType(forTypename typename: String) -> ObjectType? { nil }
    }
}

@Suite struct ConditionalFieldCacheTests {
    private func write(_ json: String, for query: DefaultedQuery, to store: OrionStore) throws {
        try store.write(data: ResponseObject(jsonData: Data(json.utf8)), for: query)
    }

    @Test func aFieldIncludedByAVariablesDefaultIsWrittenAndReadWithTheVariableAbsent() throws {
        let store = OrionStore()
        let query = DefaultedQuery()
        try write(#"{"a": "included", "b": 1}"#, for: query, to: store)
        let record = try #require(try store.cache.loadRecords(forKeys: [RootCacheKey.query])[RootCacheKey.query])
        #expect(record.fields["a"] == .value(.string("included")))
        #expect(try store.read(query: query).a == "included")
    }

    @Test func aFieldIncludedAndNullSurvivesTheCacheAndAModelWrittenBack() throws {
        let store = OrionStore()
        let query = DefaultedQuery()
        try write(#"{"a": null, "b": 1}"#, for: query, to: store)
        let read = try store.read(query: query)
        #expect(read.a == nil)
        #expect(read.jsonObject["a"] is NSNull, "included and null, not left out")
        // Written back from the model (an optimistic update, say) and read again: still a hit.
        let other = OrionStore()
        try other.write(data: read, for: query)
        #expect(try other.read(query: query) == read)
    }

    @Test func aFieldExcludedBySendingTheVariableIsNeitherNeededNorRead() throws {
        let store = OrionStore()
        let excluding = DefaultedQuery(x: .some(false))
        try write(#"{"b": 1}"#, for: excluding, to: store)
        let read = try store.read(query: excluding)
        #expect(read.a == nil && read.b == 1)
        #expect(!read.jsonObject.keys.contains("a"))
        #expect(throws: CacheMissError.self, "the default includes `a`, which the cache lacks") {
            try store.read(query: DefaultedQuery())
        }
    }

    @Test func aResponseIsParsedWithTheVariablesDefaults() throws {
        let parsed = try GraphQLResponse.parse(Data(#"{"data": {"a": null, "b": 1}}"#.utf8), for: DefaultedQuery())
        #expect(parsed.data?.jsonObject["a"] is NSNull)
        do {
            _ = try GraphQLResponse.parse(Data(#"{"data": {"b": 1}}"#.utf8), for: DefaultedQuery())
            Issue.record("a response without the included field parsed")
        } catch {
            guard case .dataMismatch(let mismatch) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(mismatch.path.description == "data.a")
        }
    }
}
