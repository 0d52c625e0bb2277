import GraphQLLanguage
import Testing

@Suite struct TypeSystemParserTests {
    @Test func parsesSchemaDefinitionsAndExtensions() throws {
        let document = try parse(#""the schema" schema @d { query: Q mutation: M subscription: S } extend schema @e { subscription: S2 }"#)
        guard case .schema(let schema) = document.definitions[0], case .schemaExtension(let extensionNode) = document.definitions[1] else {
            Issue.record("unexpected definitions")
            return
        }
        #expect(schema.description?.value == "the schema")
        #expect(schema.operationTypes.map { "\($0.operation.rawValue): \($0.type.name.value)" } == ["query: Q", "mutation: M", "subscription: S"])
        #expect(extensionNode.directives.map(\.name.value) == ["e"])
        #expect(extensionNode.operationTypes.map(\.type.name.value) == ["S2"])
    }

    @Test func parsesObjectTypesWithInterfacesFieldsAndArguments() throws {
        let type = try typeDefinition(#""""A type""" type T implements & A & B @d { "field" f("arg" a: Int = 1 @x, b: [In!]): String! @deprecated(reason: "no") g: [[T]] }"#)
        #expect(type.kind == .object)
        #expect(type.description?.value == "A type")
        #expect(type.interfaces.map(\.name.value) == ["A", "B"])
        #expect(type.directives.map(\.name.value) == ["d"])
        #expect(type.fields.map(\.name.value) == ["f", "g"])
        #expect(type.fields.map(\.type.description) == ["String!", "[[T]]"])
        let field = type.fields[0]
        #expect(field.description?.value == "field")
        #expect(field.arguments.map(\.name.value) == ["a", "b"])
        #expect(field.arguments[0].description?.value == "arg")
        #expect(field.arguments[0].defaultValue.map(Printer.print) == "1")
        #expect(field.arguments[0].directives.map(\.name.value) == ["x"])
        #expect(field.directives.first?.arguments.first?.name.value == "reason")
    }

    @Test func parsesInterfacesImplementingInterfaces() throws {
        let type = try typeDefinition("interface I implements J & K { f: Int }")
        #expect(type.kind == .interface)
        #expect(type.interfaces.map(\.name.value) == ["J", "K"])
    }

    @Test func parsesTypesWithoutBodies() throws {
        #expect(try typeDefinition("type T").fields.isEmpty)
        #expect(try typeDefinition("union U").unionMembers.isEmpty)
        #expect(try typeDefinition("enum E").enumValues.isEmpty)
        #expect(try typeDefinition("input I").inputFields.isEmpty)
    }

    @Test func parsesScalarsUnionsEnumsAndInputs() throws {
        let scalar = try typeDefinition(#"scalar Date @specifiedBy(url: "https://example.com")"#)
        #expect(scalar.kind == .scalar && scalar.directives.map(\.name.value) == ["specifiedBy"])
        let union = try typeDefinition("union U @d = | A | B | C")
        #expect(union.kind == .union && union.unionMembers.map(\.name.value) == ["A", "B", "C"])
        let enumType = try typeDefinition(#"enum E { "first" A @deprecated B C }"#)
        #expect(enumType.enumValues.map(\.name.value) == ["A", "B", "C"])
        #expect(enumType.enumValues[0].description?.value == "first")
        #expect(enumType.enumValues[0].directives.map(\.name.value) == ["deprecated"])
        let input = try typeDefinition("input In @oneOf { a: Int = 1 b: String! @d }")
        #expect(input.kind == .inputObject && input.inputFields.map(\.name.value) == ["a", "b"])
        #expect(input.inputFields[0].defaultValue.map(Printer.print) == "1")
    }

    @Test func parsesDirectiveDefinitions() throws {
        let document = try parse(#""doc" directive @d(a: Int = 1, "b" b: String) repeatable on | FIELD | QUERY | OBJECT directive @e on SCHEMA"#)
        guard case .directive(let repeatable) = document.definitions[0], case .directive(let plain) = document.definitions[1] else {
            Issue.record("unexpected definitions")
            return
        }
        #expect(repeatable.description?.value == "doc")
        #expect(repeatable.name.value == "d")
        #expect(repeatable.arguments.map(\.name.value) == ["a", "b"])
        #expect(repeatable.repeatable)
        #expect(repeatable.locations.map(\.value) == ["FIELD", "QUERY", "OBJECT"])
        #expect(!plain.repeatable)
    }

    @Test(arguments: [
        ("extend scalar S @d", TypeKind.scalar), ("extend type T implements I", .object), ("extend type T @d", .object),
        ("extend type T { f: Int }", .object), ("extend interface I { f: Int }", .interface), ("extend union U = A", .union),
        ("extend enum E { V }", .enum), ("extend input I { f: Int }", .inputObject),
    ])
    func parsesTypeExtensions(text: String, kind: TypeKind) throws {
        guard case .typeExtension(let extensionNode)? = try parse(text).definitions.first else {
            Issue.record("not a type extension")
            return
        }
        #expect(extensionNode.kind == kind)
    }

    @Test func parsesDirectiveExtensions() throws {
        guard case .directiveExtension(let extensionNode)? = try parse("extend directive @d @e @f").definitions.first else {
            Issue.record("not a directive extension")
            return
        }
        #expect(extensionNode.name.value == "d")
        #expect(extensionNode.directives.map(\.name.value) == ["e", "f"])
    }

    @Test func parsesEverySharedSchema() throws {
        for url in TestData.sharedDocuments() where url.pathExtension == "graphqls" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let document = try Parser.parse(Source(text, name: url.lastPathComponent), options: ParseOptions(mode: .typeSystemOnly))
            #expect(!document.definitions.isEmpty, "\(url.lastPathComponent)")
        }
    }
}
