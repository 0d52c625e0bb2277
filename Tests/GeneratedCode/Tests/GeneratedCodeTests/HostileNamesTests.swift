import Foundation
import HostileAPI
import OrionAPI
import Testing

/// Generated code for `Schemas/HostileNames`, whose names are chosen to break a Swift code
/// generator: each compiles to the Swift name README's escaping rules give it, and no schema
/// name changes the type of a variable or field of another name. The package is built with
/// `-warnings-as-errors`, so compiling these uses is half of the test.
@Suite struct HostileNamesTests {
    @Test func variablesKeepTheirTypesWhateverTheSchemaNames() {
        let input = HostileAPI.InputObject(self_: "s", Protocol_: 3, nested: .some(HostileAPI.Bool(value: true, jsonValue_: "j", Type_: 4)))
        let query = HostileQuery(flag: true, self_: "me", Type_: 2, input: .some(input), bool: .some(HostileAPI.Bool(init: 5)), kind: .some(.init(.value_)))
        // An input named `Bool` does not capture a Boolean variable's type.
        let flag: Swift.Bool = query.flag
        #expect(flag)
        let expected: [Swift.String: JSONValue] = [
            "flag": .bool(true), "self": .string("me"), "Type": .int(2),
            "input": .object(["self": .string("s"), "Protocol": .int(3), "nested": .object(["value": .bool(true), "jsonValue": .string("j"), "Type": .int(4)])]),
            "bool": .object(["init": .int(5)]), "kind": .string("value"),
        ]
        #expect(query.__variables == expected)
    }

    @Test func inputObjectsReferToThemselves() {
        let filter = HostileAPI.Filter(
            and: .some(HostileAPI.Filter(not: .null)),
            sort: .some(HostileAPI.Sort(root: .some(HostileAPI.RootSort(sort: HostileAPI.Sort(), filter: .some(HostileAPI.Filter()))))),
            any: .some([HostileAPI.Filter(and: .absent)]))
        let expected: JSONValue = .object([
            "and": .object(["not": .null]),
            "sort": .object(["root": .object(["sort": .object([:]), "filter": .object([:])])]),
            "any": .list([.object([:])]),
        ])
        #expect(FilteredQuery(filter: .some(filter)).__variables == ["filter": expected])
    }

    @Test func enumCasesAreDistinctAndIterableWithTheDeprecatedOne() {
        #expect(HostileAPI.Kind.allCases.map(\.rawValue) == ["VALUE", "value", "Value", "self", "Type", "DEFAULT", "default", "init", "allCases", "rawValue", "OLD"])
        #expect(HostileAPI.Kind.value.rawValue == "VALUE")
        #expect(HostileAPI.Kind.value_.rawValue == "value")
        #expect(HostileAPI.Kind.value__.rawValue == "Value")
        #expect(HostileAPI.Kind.self_.rawValue == "self")
        #expect(HostileAPI.Kind.default_.rawValue == "default")
        #expect(HostileAPI.Kind.allCases_.rawValue == "allCases")
        #expect(HostileAPI.Kind(rawValue: "OLD") != nil)
        #expect(HostileAPI.Double.allCases.count == 2)
        // Schema types that would hide what generated code needs take a `_`.
        #expect(HostileAPI.OrionAPI_.x.rawValue == "X")
        #expect(HostileAPI.HostileAPI_.y.rawValue == "Y")
        #expect(HostileAPI.SchemaMetadata_.z.rawValue == "Z")
        #expect(HostileAPI.Objects.Type_.typename == "Type")
        #expect(HostileAPI.Objects.byTypename_.typename == "byTypename")
        #expect(HostileAPI.SchemaMetadata.objectType(forTypename: "Swift")?.typename == "Swift")
        let id: HostileAPI.ID = "1"
        let url: HostileAPI.URL = Foundation.URL(fileURLWithPath: "/")
        #expect(id == "1" && url.path == "/")
    }

    @Test func fieldsDecodeAndRoundTrip() throws {
        let json = try jsonObject(#"""
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
                        {"__typename": "byTypename", "x": 9}, {"__typename": "Thing", "string": "s2", "where": "OLD"}],
             "kind": "self", "kinds": ["VALUE", "value", "Value", "allCases"],
             "url": "https://example.com/u", "date": "2026-11-25T00:00:00Z",
             "swift": {"__typename": "Swift", "String": "swift"},
             "orionAPI": "X", "hostileAPI": "Y", "objects": {"__typename": "Objects", "byTypename": "b"},
             "schemaMetadata": "Z", "identifiable": "ID"}
            """#)
        let data = try HostileQuery.Data(jsonObject: json)
        #expect(data.Type_?.protocol == "p")
        #expect(data.Type_?.class == 2)
        #expect(data.Type_?.Type_ == "t")
        #expect(data.Type_?.self_ == "s")
        #expect(data.Protocol_?.Protocol_ == 3)
        #expect(data.Protocol_?.default == true)
        #expect(data.self_ == "me")
        #expect(data.`init` == 4)
        #expect(data.class == "c")
        let bool: Swift.Bool? = data.bool
        #expect(bool == true)
        #expect(data.int == nil)
        #expect(data.double == .case(.b))
        #expect(data.thing?.Bool == false)
        #expect(data.thing?.where == .case(.rawValue))
        #expect(data.hashable?.Sendable == "x")
        #expect(data.sendable?.value == 5)
        #expect(data.data?.Data == "d")
        #expect(data.data?.data == 6)
        #expect(data.node?.fragments.data?.protocol == "p")
        #expect(data.node?.fragments.fragments.id == "1")
        #expect(data.search.compactMap { $0.asType?.class } == [7])
        #expect(data.search.compactMap { $0.asProtocol?.Protocol_ } == [8])
        #expect(data.search.compactMap { $0.asByTypename?.x } == [9])
        #expect(data.search.compactMap { $0.fragments.swift?.string } == ["s2"])
        #expect(data.kind == .case(.self_))
        #expect(data.kinds?.map(\.rawValue) == ["VALUE", "value", "Value", "allCases"])
        #expect(data.kinds?.map(\.value) == [.value, .value_, .value__, .allCases_])
        #expect(data.swift?.String == "swift")
        #expect(data.orionAPI == .case(.x))
        #expect(data.objects?.byTypename == "b")
        #expect(data.identifiable == .case(.id))
        let roundTrip = try canonical(data.jsonObject)
        let original = try canonical(json)
        #expect(roundTrip == original)
    }
}
