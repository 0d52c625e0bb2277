import Foundation
import Orion
import Testing

/// Selections on an object type do not hold `__typename` (code generation leaves it out, as the
/// type's name is known): what their models, their records and their JSON still say it is.
@Suite struct ImpliedTypenameTests {
    /// `query { droid { id name } }`, on the object type `Droid`, as code generation writes it.
    struct DroidQuery: GraphQLQuery, Hashable {
        static let __operation = OperationMetadata("Droid", schema: CacheTestSchema.self, document: OperationDocument(text: "query Droid", identifier: ""))
        var __variables: [String: JSONValue] { [:] }

        struct Data: RootSelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("droid", Droid.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var droid: Droid { __data[0] }
        }

        struct Droid: SelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.object(CacheTestSchema.droid), [.field("id", String.self), .field("name", String.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var id: String { __data[0] }
            var name: String { __data[1] }
        }
    }

    /// `query { droid { __typename ... on Droid { name } } }`, the same field read as a
    /// `Character`: its type case needs the record's `__typename`.
    struct CharacterQuery: GraphQLQuery, Hashable {
        static let __operation = OperationMetadata("Character", schema: CacheTestSchema.self, document: OperationDocument(text: "query Character", identifier: ""))
        var __variables: [String: JSONValue] { [:] }

        struct Data: RootSelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("droid", Character.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var droid: Character { __data[0] }
        }

        struct Character: SelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.interface(CacheTestSchema.character), [.typename, .inlineFragment(AsDroid.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var asDroid: AsDroid? { __data[1] }

            struct AsDroid: InlineFragment, Hashable {
                static let __metadata = SelectionSetMetadata(.object(CacheTestSchema.droid), [.field("name", String.self)])
                let __data: DataDict
                init(_dataDict data: DataDict) { __data = data }
                var name: String { __data[0] }
            }
        }
    }

    private static let response = #"{"droid": {"__typename": "Droid", "id": "2001", "name": "R2-D2"}}"#

    @Test func aModelOnAnObjectTypeIsOfThatTypeAndWritesItsNameBack() throws {
        let data = try DroidQuery.Data(jsonData: Data(Self.response.utf8))
        #expect(data.droid.__typename == "Droid")
        #expect(data.__typename == "Query")
        let written = try JSONSerialization.data(withJSONObject: data.jsonObject, options: .sortedKeys)
        #expect(String(decoding: written, as: UTF8.self) == #"{"droid":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#,
                "the object's name is written, the root's is not (the server sends none)")
        // A server that leaves it out, of a type that can be nothing else, loses nothing.
        let withoutTypename = try DroidQuery.Data(jsonData: Data(#"{"droid": {"id": "2001", "name": "R2-D2"}}"#.utf8))
        #expect(withoutTypename == data)
    }

    @Test(arguments: [false, true])
    func theRecordHoldsTheTypenameThatSelectionsOnAnInterfaceReadBack(writesModel: Bool) throws {
        let cache = InMemoryNormalizedCache()
        let store = OrionStore(cache: cache)
        if writesModel {
            try store.write(data: DroidQuery.Data(jsonData: Data(Self.response.utf8)), for: DroidQuery())
        } else {
            // Without `__typename` in the response: the record has it from the type.
            try store.write(data: ResponseObject(jsonData: Data(#"{"droid": {"id": "2001", "name": "R2-D2"}}"#.utf8)), for: DroidQuery())
        }
        let record = try #require(cache.loadRecord(forKey: "Droid:2001"))
        #expect(record.fields["__typename"] == .value(.string("Droid")))
        #expect(try #require(cache.loadRecord(forKey: "QUERY_ROOT")).fields["__typename"] == nil, "the root's record has none")
        #expect(try store.read(query: CharacterQuery()).droid.asDroid?.name == "R2-D2")
    }
}
