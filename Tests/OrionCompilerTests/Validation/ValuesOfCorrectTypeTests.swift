import GraphQLLanguage
import Testing
@testable import OrionCompiler

/// ValuesOfCorrectType against graphql-core 3.3.2's verdicts (its suggestions aside).
@Suite struct ValuesOfCorrectTypeTests {
    static let schema: Schema = {
        do {
            return try Schema.build(sdl: [Source("""
                enum DogCommand { SIT DOWN HEEL }
                input ComplexInput { requiredField: Boolean! intField: Int }
                input OneOf @oneOf { a: Int b: String }
                type Query {
                  complicatedArgs(complexArg: ComplexInput, intArg: Int, nonNullIntArg: Int!): String
                  oneOf(arg: OneOf): String list(ints: [Int!]): String enumArg(e: DogCommand): String
                  str(s: String, id: ID, f: Float, b: Boolean): String
                }
                """)])
        } catch {
            preconditionFailure("The test schema does not build: \(error)")
        }
    }()

    static let cases: [(String, [(String, [(Int, Int)])])] = [
        ("{ complicatedArgs(intArg: \"3\") }", [("Int cannot represent non-integer value: \"3\"", [(1, 27)])]),
        ("{ complicatedArgs(intArg: 3.5) }", [("Int cannot represent non-integer value: 3.5", [(1, 27)])]),
        ("{ complicatedArgs(intArg: 2147483648) }", [("Int cannot represent non 32-bit signed integer value: 2147483648", [(1, 27)])]),
        ("{ str(s: 1, id: 1.5, f: \"x\", b: 1) }", [("String cannot represent a non string value: 1", [(1, 10)]), ("ID cannot represent a non-string and non-integer value: 1.5", [(1, 17)]), ("Float cannot represent non numeric value: \"x\"", [(1, 25)]), ("Boolean cannot represent a non boolean value: 1", [(1, 33)])]),
        ("{ str(id: \"x\", f: 1) }", []),
        ("{ enumArg(e: \"SIT\") }", [("Enum 'DogCommand' cannot represent non-enum value: \"SIT\". Did you mean the enum value 'SIT'?", [(1, 14)])]),
        ("{ enumArg(e: sit) }", [("Value 'sit' does not exist in 'DogCommand' enum. Did you mean the enum value 'SIT'?", [(1, 14)])]),
        ("{ enumArg(e: SIT) }", []),
        ("{ complicatedArgs(nonNullIntArg: null) }", [("Expected value of non-null type 'Int!' not to be None.", [(1, 34)])]),
        ("{ complicatedArgs(complexArg: {intField: 1}) }", [("Expected value of type 'ComplexInput' to include required field 'requiredField', found: { intField: 1 }.", [(1, 31)])]),
        ("{ complicatedArgs(complexArg: {requiredField: true, unknownField: 1}) }", [("Expected value of type 'ComplexInput' not to include unknown field 'unknownField', found: { requiredField: true, unknownField: 1 }.", [(1, 53)])]),
        ("{ complicatedArgs(complexArg: 3) }", [("Expected value of type 'ComplexInput' to be an object, found: 3.", [(1, 31)])]),
        ("{ list(ints: [1, null, \"x\"]) }", [("Expected value of non-null type 'Int!' not to be None.", [(1, 18)]), ("Int cannot represent non-integer value: \"x\"", [(1, 24)])]),
        ("{ list(ints: 1) }", []),
        ("{ oneOf(arg: {a: 1, b: \"x\"}) }", [("Within OneOf Input Object type 'OneOf', exactly one field must be specified, and the value for that field must be non-null.", [(1, 14)])]),
        ("{ oneOf(arg: {a: null}) }", [("Within OneOf Input Object type 'OneOf', exactly one field must be specified, and the value for that field must be non-null.", [(1, 14)])]),
        ("{ oneOf(arg: {}) }", [("Within OneOf Input Object type 'OneOf', exactly one field must be specified, and the value for that field must be non-null.", [(1, 14)])]),
        ("query Q($v: Int) { oneOf(arg: {a: $v}) }", []),
        ("{ oneOf(arg: {a: 1}) }", []),
    ]

    @Test(arguments: 0..<cases.count)
    func reportsWhatGraphQLCoreReports(index: Int) throws {
        let (query, expected) = Self.cases[index]
        let errors = validate([try Parser.parse(query)], schema: Self.schema, rules: [ValuesOfCorrectType.self])
        let found = errors.map { "\($0.message) \($0.sourceLocations.map(\.description))" }
        let wanted = expected.map { "\($0.0) \($0.1.map { "\($0.0):\($0.1)" })" }
        #expect(found == wanted, "\(query)")
    }
}
