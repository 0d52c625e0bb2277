import GraphQLLanguage
import Testing
@testable import OrionCompiler

/// OverlappingFieldsCanBeMerged against graphql-core 3.3.2's verdicts, and on documents big
/// enough that a quadratic algorithm would show.
@Suite struct OverlappingFieldsCanBeMergedTests {
    static let cases: [(String, [(String, [(Int, Int)])])] = [
        ("{ dog { name name } }", []),
        ("{ dog { fido: name fido: nickname } }", [("Fields 'fido' conflict because 'name' and 'nickname' are different fields. Use different aliases on the fields to fetch both if this was intentional.", [(1, 9), (1, 20)])]),
        ("{ dog { isHouseTrained(atOtherHomes: true) isHouseTrained(atOtherHomes: false) } }", [("Fields 'isHouseTrained' conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", [(1, 9), (1, 44)])]),
        ("{ dog { isHouseTrained(atOtherHomes: true) isHouseTrained(atOtherHomes: true) } }", []),
        ("{ dog { name: nickname name } }", [("Fields 'name' conflict because 'nickname' and 'name' are different fields. Use different aliases on the fields to fetch both if this was intentional.", [(1, 9), (1, 24)])]),
        ("{ dog { ...A ...B } } fragment A on Dog { x: name } fragment B on Dog { x: barks }", [("Fields 'x' conflict because 'name' and 'barks' are different fields. Use different aliases on the fields to fetch both if this was intentional.", [(1, 43), (1, 73)])]),
        ("{ dog { x: name ...A } } fragment A on Dog { x: nickname }", [("Fields 'x' conflict because 'name' and 'nickname' are different fields. Use different aliases on the fields to fetch both if this was intentional.", [(1, 9), (1, 46)])]),
        ("{ pet { ... on Dog { name: nickname } ... on Cat { name } } }", []),
        ("{ pet { ... on Dog { x: barks } ... on Cat { x: name } } }", [("Fields 'x' conflict because they return conflicting types 'Boolean' and 'String'. Use different aliases on the fields to fetch both if this was intentional.", [(1, 22), (1, 46)])]),
        ("{ dog { owner { name } owner: owner { name: relatives { name } } } }", [("Fields 'owner' conflict because subfields 'name' conflict because 'name' and 'relatives' are different fields. Use different aliases on the fields to fetch both if this was intentional.", [(1, 9), (1, 17), (1, 24), (1, 39)])]),
        ("{ dog { owner { x: name } owner { x: pets { name } } } human { name } human { relatives { name } } }", [("Fields 'owner' conflict because subfields 'x' conflict because 'name' and 'pets' are different fields. Use different aliases on the fields to fetch both if this was intentional.", [(1, 9), (1, 17), (1, 27), (1, 35)])]),
        ("{ human(id: 1) { name } human(id: 2) { name } }", [("Fields 'human' conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.", [(1, 3), (1, 25)])]),
        ("{ human { pets { name } pets { name: __typename } } }", [("Fields 'pets' conflict because subfields 'name' conflict because 'name' and '__typename' are different fields. Use different aliases on the fields to fetch both if this was intentional.", [(1, 11), (1, 18), (1, 25), (1, 32)])]),
        ("{ dog { ...A } dog { ...B } } fragment A on Dog { name } fragment B on Dog { name: barks }", [("Fields 'dog' conflict because subfields 'name' conflict because 'name' and 'barks' are different fields. Use different aliases on the fields to fetch both if this was intentional.", [(1, 3), (1, 51), (1, 16), (1, 78)])]),
    ]

    @Test(arguments: 0..<cases.count)
    func reportsWhatGraphQLCoreReports(index: Int) throws {
        let (query, expected) = Self.cases[index]
        let errors = validate([try Parser.parse(query)], schema: harnessSchema, rules: [OverlappingFieldsCanBeMerged.self])
        let found = errors.map { "\($0.message) \($0.sourceLocations.map(\.description))" }
        let wanted = expected.map { "\($0.0) \($0.1.map { "\($0.0):\($0.1)" })" }
        #expect(found == wanted, "\(query)")
    }

    @Test func manyRepeatedFieldsAndNestedFragmentsStayValid() throws {
        // 2,000 selections of one field, and 200 fragments each spreading the next ten.
        var text = "{ dog { " + String(repeating: "name ", count: 2_000) + "...F0 } }\n"
        for index in 0..<200 {
            let spreads = (1...10).map { index + $0 < 200 ? "...F\(index + $0)" : "" }.joined(separator: " ")
            text += "fragment F\(index) on Dog { name barks owner { name } \(spreads) }\n"
        }
        let errors = validate([try Parser.parse(text)], schema: harnessSchema, rules: [OverlappingFieldsCanBeMerged.self])
        #expect(errors.isEmpty)
    }

    @Test func aConflictDeepInsideFragmentsIsFound() throws {
        var text = "{ dog { ...F0 x: barks } }\n"
        for index in 0..<50 {
            text += "fragment F\(index) on Dog { name ...F\(index + 1) }\n"
        }
        text += "fragment F50 on Dog { x: name }\n"
        let errors = validate([try Parser.parse(text)], schema: harnessSchema, rules: [OverlappingFieldsCanBeMerged.self])
        #expect(errors.map(\.message) == ["Fields 'x' conflict because 'barks' and 'name' are different fields. Use different aliases on the fields to fetch both if this was intentional."])
    }
}
