import Foundation
@testable import OrionCache
import OrionAPI
import Testing

/// Field keys are made once per field in a write or a read (`CacheFieldKeys`): each object of a
/// list must still get the key of its own field and arguments, and a later write or read with
/// other variables must make its keys again.
@Suite struct CacheFieldKeysTests {
    /// `missions { small: patch(size: SMALL) chosen: patch(size: $size) }`.
    struct PatchesQuery: GraphQLQuery, Hashable {
        static let __operation = OperationMetadata("Patches", schema: CacheTestSchema.self, document: OperationDocument(text: "query Patches($size: String!)", identifier: ""))

        var size: String
        var __variables: [String: JSONValue] { ["size": .string(size)] }

        struct Data: RootSelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("missions", [Mission].self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var missions: [Mission] { __data[0] }
        }

        struct Mission: SelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Mission")), [
                .field("patch", alias: "small", String.self, arguments: ["size": .value(.string("SMALL"))]),
                .field("patch", alias: "chosen", String.self, arguments: ["size": .variable("size")]),
            ])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var small: String { __data[0] }
            var chosen: String { __data[1] }
        }
    }

    /// The server's answer for `size`: each mission's patches named after the mission and size.
    private static func response(size: String) throws -> ResponseObject {
        let missions = (0..<3).map { #"{"small": "m\#($0)-SMALL", "chosen": "m\#($0)-\#(size)"}"# }
        return try ResponseObject(jsonData: Data(#"{"missions": [\#(missions.joined(separator: ","))]}"#.utf8))
    }

    @Test func eachObjectOfAListGetsTheKeysOfItsOwnArgumentsAndEachWriteItsVariables() throws {
        let cache = InMemoryNormalizedCache()
        let store = OrionStore(cache: cache)
        try store.write(data: Self.response(size: "LARGE"), for: PatchesQuery(size: "LARGE"))
        try store.write(data: Self.response(size: "MEDIUM"), for: PatchesQuery(size: "MEDIUM"))

        for index in 0..<3 {
            let record = try #require(cache.loadRecord(forKey: "QUERY_ROOT.missions.\(index)"))
            #expect(record.fields == [
                // Not selected (Mission is an object type), but its record holds it.
                "__typename": .value(.string("Mission")),
                "patch(size:SMALL)": .value(.string("m\(index)-SMALL")),
                "patch(size:LARGE)": .value(.string("m\(index)-LARGE")),
                "patch(size:MEDIUM)": .value(.string("m\(index)-MEDIUM")),
            ])
        }
        // Reads, one after the other with other variables, each find their own size.
        for size in ["LARGE", "MEDIUM"] {
            let missions = try store.read(query: PatchesQuery(size: size)).missions
            #expect(missions.map(\.small) == ["m0-SMALL", "m1-SMALL", "m2-SMALL"])
            #expect(missions.map(\.chosen) == ["m0-\(size)", "m1-\(size)", "m2-\(size)"])
        }
        #expect(throws: CacheMissError.self) { try store.read(query: PatchesQuery(size: "TINY")) }
    }
}
