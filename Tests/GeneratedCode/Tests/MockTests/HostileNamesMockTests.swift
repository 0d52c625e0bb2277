import Foundation
import HostileAPI
import HostileAPIMocks
import OrionAPI
import OrionTestSupport
import Testing

/// Mocks of the schema whose names are chosen to break a Swift code generator (keywords,
/// `self`, `Type`, names of Swift's and Orion's types): built into the operation's data, and
/// compared with decoding the same response.
@Suite struct HostileNamesMockTests {
    @Test func fieldsNamedLikeSwiftBuildFromMocks() throws {
        let type = TypeMock(id: "1", protocol: "p", class: 2, Type_: "t", self_: "s")
        let search: [any AnyUnionMock] = [TypeMock(id: "9", class: 7), ProtocolMock(Protocol_: 8), byTypenameMock(x: 9), ThingMock_(string: "s2", where: .rawValue)]
        let mock = QueryMock(
            Type_: type, Protocol_: ProtocolMock(id: "2", Protocol_: 3, default: true), self_: "me", init: 4, class: "c", protocol: "q",
            thing: ThingMock_(id: "3", string: "str", Bool: false, where: .rawValue), bool: true, int: 1, double: .b,
            hashable: HashableMock(Sendable: "x", hashable: true), sendable: SendableMock(value: 5), data: DataMock(Data: "d", data: 6),
            node: type, search: search, kind: .self_, kinds: [.value, .value_, .value__, .allCases_],
            url: URL(string: "https://example.com/u"), date: Date(timeIntervalSince1970: 1_795_564_800), swift: SwiftMock(String: "swift"),
            orionAPI: .x, hostileAPI: .y, objects: ObjectsMock(byTypename: "b"), schemaMetadata: .z, identifiable: .id)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(#"""
            {"Type": {"__typename": "Type", "id": "1", "protocol": "p", "class": 2, "Type": "t", "self_": "s"},
             "Protocol": {"__typename": "Protocol", "id": "2", "Protocol": 3, "default": true},
             "self": "me", "init": 4, "class": "c", "protocol": "q",
             "thing": {"__typename": "Thing", "id": "3", "string": "str", "Bool": false, "where": "rawValue"},
             "bool": true, "double": "B",
             "hashable": {"__typename": "Hashable", "Sendable": "x", "hashable": true},
             "sendable": {"__typename": "Sendable", "value": 5},
             "data": {"__typename": "Data", "Data": "d", "data": 6},
             "node": {"__typename": "Type", "id": "1", "protocol": "p"},
             "search": [{"__typename": "Type", "class": 7}, {"__typename": "Protocol", "Protocol": 8},
                        {"__typename": "byTypename", "x": 9}, {"__typename": "Thing", "string": "s2", "where": "rawValue"}],
             "kind": "self", "kinds": ["VALUE", "value", "Value", "allCases"],
             "url": "https://example.com/u", "date": "2026-11-25T00:00:00Z",
             "swift": {"__typename": "Swift", "String": "swift"},
             "orionAPI": "X", "hostileAPI": "Y", "objects": {"__typename": "Objects", "byTypename": "b"},
             "schemaMetadata": "Z", "identifiable": "ID"}
            """#.utf8)) as? [String: Any])
        // `$flag` includes `bool` and skips `int` (which the mock sets, and the data leaves out).
        let variables = HostileQuery(flag: true).variablesWithDefaults
        let data = try HostileQuery.Data(mock, variables: variables)
        #expect(data == (try HostileQuery.Data(jsonObject: json, variables: variables)))
        #expect(data.Type_?.self_ == "s")
        #expect(data.`init` == 4)
        #expect(data.int == nil)
    }

    @Test func mocksNamedLikeSchemaTypesTakeAnUnderscore() throws {
        // `ThingMock` is the schema's type, so Thing's mock is `ThingMock_`; ThingMock's is `ThingMockMock`.
        let mock = QueryMock(thing: ThingMock_(id: "1"), thingMock: ThingMockMock(id: "2", thing: ThingMock_(id: "3")), orionTestSupport: .v, mockObject: .m)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(#"""
            {"thing": {"__typename": "Thing", "id": "1"},
             "thingMock": {"__typename": "ThingMock", "id": "2", "thing": {"__typename": "Thing", "id": "3"}},
             "orionTestSupport": "V", "mockObject": "M"}
            """#.utf8)) as? [String: Any])
        let data = try MockNamesQuery.Data(mock)
        #expect(data == (try MockNamesQuery.Data(jsonObject: json)))
        #expect(data.thingMock?.thing?.id == "3")
        #expect(data.orionTestSupport?.value == .v)
    }
}
