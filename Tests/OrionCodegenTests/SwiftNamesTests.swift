@testable import OrionCodegen
import Testing

@Suite struct SwiftNamesTests {
    @Test(arguments: [
        ("launches", "launch"), ("Launches", "Launch"), ("friends", "friend"), ("Categories", "Category"),
        ("addresses", "address"), ("Boxes", "Box"), ("People", "Person"), ("status", "status"), ("data", "data"),
        ("nodes", "node"), ("edges", "edge"), ("matches", "match"), ("series", "sery"),
    ])
    func singular(plural: String, single: String) {
        #expect(SwiftNames.singular(plural) == single)
    }

    @Test func nestedTypeNamesAvoidReservedNames() {
        #expect(SwiftNames.nestedTypeName(responseKey: "launches", isList: true) == "Launch")
        #expect(SwiftNames.nestedTypeName(responseKey: "hero", isList: false) == "Hero")
        #expect(SwiftNames.nestedTypeName(responseKey: "string", isList: false) == "String_")
        #expect(SwiftNames.nestedTypeName(responseKey: "type", isList: false) == "Type_")
        #expect(SwiftNames.nestedTypeName(responseKey: "data", isList: false) == "Data_")
        // Generated models declare these conformances by their bare names.
        #expect(SwiftNames.nestedTypeName(responseKey: "hashable", isList: false) == "Hashable_")
        #expect(SwiftNames.nestedTypeName(responseKey: "identifiables", isList: true) == "Identifiable_")
    }

    @Test func enumCases() {
        #expect(SwiftNames.enumCase("NEWHOPE") == "newhope")
        #expect(SwiftNames.enumCase("NEW_HOPE") == "newHope")
        #expect(SwiftNames.enumCase("inProgress") == "inProgress")
        #expect(SwiftNames.enumCase("InProgress") == "inProgress")
        #expect(SwiftNames.enumCase("DEFAULT") == "`default`")
        #expect(SwiftNames.enumCase("_2FA") == "_2fa")
        #expect(SwiftNames.enumCase("V1_2") == "v12")
    }

    @Test func enumCasesDifferingOnlyInCaseStayDistinct() {
        #expect(SwiftNames.enumCases(["VALUE", "value", "Value", "self", "DEFAULT", "default", "allCases", "rawValue"]) == ["value", "value_", "value__", "self_", "`default`", "default_", "allCases_", "rawValue"])
    }

    @Test func keywordsAreEscaped() {
        #expect(SwiftNames.identifier("class") == "`class`")
        #expect(SwiftNames.identifier("self") == "self_")
        #expect(SwiftNames.identifier("Type") == "Type_")
        #expect(SwiftNames.identifier("Protocol") == "Protocol_")
        #expect(SwiftNames.identifier("name") == "name")
    }

    @Test func literals() {
        #expect(SwiftLiteral.string("a\"b\\c\nd") == #""a\"b\\c\nd""#)
        #expect(SwiftLiteral.rawMultiline("x \"\"\"# y", indent: "") == ["##\"\"\"", "x \"\"\"# y", "\"\"\"##"])
    }
}
