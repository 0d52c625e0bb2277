import GraphQLLanguage
import Testing

/// Type-system definitions and extensions: schema, scalar, object, interface, union, enum, input
/// object and directive definitions, every extension form, and their descriptions.
@Suite struct TypeSystemParserTests {
    // MARK: Schema

    @Test func parsesSchemaDefinitionsAndExtensions() throws {
        let document = try parse(#""the schema" schema @d { query: Q mutation: M subscription: S } extend schema @e { subscription: S2 }"#)
        guard case .schema(let schema) = document.definitions[0], case .schemaExtension(let extensionNode) = document.definitions[1] else {
            Issue.record("unexpected definitions")
            return
        }
        #expect(schema.description?.value == "the schema")
        #expect(schema.directives.map(\.name.value) == ["d"])
        #expect(schema.operationTypes.map { "\($0.operation.rawValue): \($0.type.name.value)" } == ["query: Q", "mutation: M", "subscription: S"])
        #expect(extensionNode.directives.map(\.name.value) == ["e"])
        #expect(extensionNode.operationTypes.map(\.type.name.value) == ["S2"])
        #expect(!document.definitions.contains { $0.isExecutable })
    }

    @Test func schemaExtensionsNeedOnlyDirectivesOrOperationTypes() throws {
        guard case .schemaExtension(let directivesOnly)? = try parse("extend schema @d").definitions.first,
              case .schemaExtension(let typesOnly)? = try parse("extend schema { query: Q }").definitions.first else {
            Issue.record("not schema extensions")
            return
        }
        #expect(directivesOnly.directives.map(\.name.value) == ["d"] && directivesOnly.operationTypes.isEmpty)
        #expect(typesOnly.directives.isEmpty && typesOnly.operationTypes.map(\.operation) == [.query])
    }

    // MARK: Named types

    @Test func parsesObjectTypesWithInterfacesFieldsAndArguments() throws {
        let type = try typeDefinition(#""""A type""" type T implements & A & B @d { "field" f("arg" a: Int = 1 @x, b: [In!]): String! @deprecated(reason: "no") g: [[T]] }"#)
        #expect(type.kind == .object)
        #expect(type.name.value == "T")
        #expect(type.description?.value == "A type")
        #expect(type.description?.block == true)
        #expect(type.interfaces.map(\.name.value) == ["A", "B"])
        #expect(type.directives.map(\.name.value) == ["d"])
        #expect(type.fields.map(\.name.value) == ["f", "g"])
        #expect(type.fields.map(\.type.description) == ["String!", "[[T]]"])
        let field = type.fields[0]
        #expect(field.description?.value == "field")
        #expect(field.arguments.map(\.name.value) == ["a", "b"])
        #expect(field.arguments.map(\.type.description) == ["Int", "[In!]"])
        #expect(field.arguments[0].description?.value == "arg")
        #expect(field.arguments[0].defaultValue.map(Printer.print) == "1")
        #expect(field.arguments[1].defaultValue == nil)
        #expect(field.arguments[0].directives.map(\.name.value) == ["x"])
        #expect(field.directives.first?.arguments.first?.name.value == "reason")
        #expect(type.fields[1].description == nil && type.fields[1].arguments.isEmpty)
    }

    @Test func implementsTakesAnOptionalLeadingAmpersand() throws {
        #expect(try typeDefinition("type T implements A { f: Int }").interfaces.map(\.name.value) == ["A"])
        #expect(try typeDefinition("type T implements & A { f: Int }").interfaces.map(\.name.value) == ["A"])
        #expect(try typeDefinition("type T implements A & B & C").interfaces.map(\.name.value) == ["A", "B", "C"])
    }

    @Test func parsesInterfacesImplementingInterfaces() throws {
        let type = try typeDefinition(#""an interface" interface I implements J & K @d { f(a: Int): Int }"#)
        #expect(type.kind == .interface)
        #expect(type.description?.value == "an interface")
        #expect(type.interfaces.map(\.name.value) == ["J", "K"])
        #expect(type.directives.map(\.name.value) == ["d"])
        #expect(type.fields.map(\.name.value) == ["f"])
    }

    @Test func parsesTypesWithoutBodies() throws {
        #expect(try typeDefinition("type T").fields.isEmpty)
        #expect(try typeDefinition("interface I").fields.isEmpty)
        #expect(try typeDefinition("union U").unionMembers.isEmpty)
        #expect(try typeDefinition("enum E").enumValues.isEmpty)
        #expect(try typeDefinition("input I").inputFields.isEmpty)
        #expect(try typeDefinition("scalar S").directives.isEmpty)
    }

    @Test func parsesScalarsUnionsEnumsAndInputs() throws {
        let scalar = try typeDefinition(#""a date" scalar Date @specifiedBy(url: "https://example.com")"#)
        #expect(scalar.kind == .scalar && scalar.directives.map(\.name.value) == ["specifiedBy"])
        #expect(scalar.description?.value == "a date")
        let union = try typeDefinition(#""""a union""" union U @d = | A | B | C"#)
        #expect(union.kind == .union && union.unionMembers.map(\.name.value) == ["A", "B", "C"])
        #expect(union.description?.value == "a union" && union.directives.map(\.name.value) == ["d"])
        #expect(try typeDefinition("union U = A").unionMembers.map(\.name.value) == ["A"])
        let enumType = try typeDefinition(#""colors" enum E @d { "first" A @deprecated """second""" B C }"#)
        #expect(enumType.kind == .enum && enumType.description?.value == "colors")
        #expect(enumType.enumValues.map(\.name.value) == ["A", "B", "C"])
        #expect(enumType.enumValues.map { $0.description?.value } == ["first", "second", nil])
        #expect(enumType.enumValues[0].directives.map(\.name.value) == ["deprecated"])
        let input = try typeDefinition(#""input" input In @oneOf { "a" a: Int = 1 b: String! @d c: [In] = [{a: 1}] }"#)
        #expect(input.kind == .inputObject && input.inputFields.map(\.name.value) == ["a", "b", "c"])
        #expect(input.description?.value == "input" && input.directives.map(\.name.value) == ["oneOf"])
        #expect(input.inputFields.map { $0.description?.value } == ["a", nil, nil])
        #expect(input.inputFields.map { $0.defaultValue.map(Printer.print) } == ["1", nil, "[{ a: 1 }]"])
        #expect(input.inputFields[1].directives.map(\.name.value) == ["d"])
    }

    @Test func enumValuesMayBeKeywordsOtherThanTrueFalseAndNull() throws {
        #expect(try typeDefinition("enum E { on fragment type query TRUE Null }").enumValues.map(\.name.value) == [
            "on", "fragment", "type", "query", "TRUE", "Null",
        ])
    }

    @Test func typeNamesMayBeKeywords() throws {
        let type = try typeDefinition("type type { query: query input(on: on): type }")
        #expect(type.name.value == "type")
        #expect(type.fields.map(\.name.value) == ["query", "input"])
        #expect(type.fields[1].arguments.first?.name.value == "on")
    }

    // MARK: Directives

    @Test func parsesDirectiveDefinitions() throws {
        let document = try parse(#""doc" directive @d(a: Int = 1, "b" b: String) repeatable on | FIELD | QUERY | OBJECT directive @e on SCHEMA directive @f @g on FIELD"#)
        guard case .directive(let repeatable) = document.definitions[0], case .directive(let plain) = document.definitions[1],
              case .directive(let directed) = document.definitions[2] else {
            Issue.record("unexpected definitions")
            return
        }
        #expect(repeatable.description?.value == "doc")
        #expect(repeatable.name.value == "d")
        #expect(repeatable.arguments.map(\.name.value) == ["a", "b"])
        #expect(repeatable.arguments.map { $0.description?.value } == [nil, "b"])
        #expect(repeatable.repeatable)
        #expect(repeatable.locations.map(\.value) == ["FIELD", "QUERY", "OBJECT"])
        #expect(!plain.repeatable && plain.arguments.isEmpty && plain.description == nil)
        #expect(plain.locations.map(\.value) == ["SCHEMA"])
        // graphql-core accepts directives applied to a directive definition.
        #expect(directed.directives.map(\.name.value) == ["g"])
    }

    @Test(arguments: DirectiveLocation.allCases)
    func acceptsEveryDirectiveLocation(location: DirectiveLocation) throws {
        guard case .directive(let definition)? = try parse("directive @d on \(location.rawValue)").definitions.first else {
            Issue.record("not a directive definition")
            return
        }
        #expect(definition.locations.map(\.value) == [location.rawValue])
    }

    @Test func directiveNamesMayBeKeywords() throws {
        guard case .directive(let definition)? = try parse("directive @on(on: Int) repeatable on FIELD").definitions.first else {
            Issue.record("not a directive definition")
            return
        }
        #expect(definition.name.value == "on" && definition.arguments.map(\.name.value) == ["on"])
    }

    // MARK: Extensions

    @Test(arguments: [
        ("extend scalar S @d", TypeKind.scalar), ("extend type T implements I", .object), ("extend type T @d", .object),
        ("extend type T { f: Int }", .object), ("extend interface I { f: Int }", .interface), ("extend union U = A", .union),
        ("extend enum E { V }", .enum), ("extend input I { f: Int }", .inputObject),
        ("extend interface I implements J", .interface), ("extend interface I @d", .interface), ("extend union U @d", .union),
        ("extend enum E @d", .enum), ("extend input I @d", .inputObject),
    ])
    func parsesTypeExtensions(text: String, kind: TypeKind) throws {
        let extensionNode = try typeExtension(text)
        #expect(extensionNode.kind == kind)
    }

    @Test func typeExtensionsCarryEveryPart() throws {
        let object = try typeExtension(#"extend type T implements & A & B @d { "new" f(a: Int): Int }"#)
        #expect(object.name.value == "T")
        #expect(object.interfaces.map(\.name.value) == ["A", "B"])
        #expect(object.directives.map(\.name.value) == ["d"])
        #expect(object.fields.map(\.name.value) == ["f"])
        #expect(object.fields.first?.description?.value == "new")
        let interface = try typeExtension("extend interface I implements J @d { g: [I] }")
        #expect(interface.interfaces.map(\.name.value) == ["J"] && interface.fields.map(\.type.description) == ["[I]"])
        let union = try typeExtension("extend union U @d = | A | B")
        #expect(union.directives.map(\.name.value) == ["d"] && union.unionMembers.map(\.name.value) == ["A", "B"])
        let enumeration = try typeExtension(#"extend enum E @d { "v" V @e W }"#)
        #expect(enumeration.enumValues.map(\.name.value) == ["V", "W"])
        #expect(enumeration.enumValues.first?.description?.value == "v")
        #expect(enumeration.enumValues.first?.directives.map(\.name.value) == ["e"])
        let input = try typeExtension("extend input I @d { a: Int = 2 @e }")
        #expect(input.inputFields.map(\.name.value) == ["a"] && input.inputFields.first?.defaultValue.map(Printer.print) == "2")
        let scalar = try typeExtension(#"extend scalar S @specifiedBy(url: "u") @d"#)
        #expect(scalar.directives.map(\.name.value) == ["specifiedBy", "d"])
    }

    @Test func parsesDirectiveExtensions() throws {
        guard case .directiveExtension(let extensionNode)? = try parse("extend directive @d @e @f(x: 1)").definitions.first else {
            Issue.record("not a directive extension")
            return
        }
        #expect(extensionNode.name.value == "d")
        #expect(extensionNode.directives.map(\.name.value) == ["e", "f"])
        #expect(extensionNode.directives.last?.arguments.map(\.name.value) == ["x"])
    }

    // MARK: Locations

    /// Byte offsets and line:column of the nodes, as graphql-core 3.3.2 reports them.
    @Test func typeSystemNodesHaveTheLocationsGraphQLCoreGivesThem() throws {
        let source = "\"\"\"desc\"\"\"\ntype T implements & A & B @d {\n  \"f\" f(a: Int = 1): [String!]!\n}\nextend type T @e\n"
            + "directive @x(a: Int) repeatable on | FIELD | QUERY\nextend schema { query: Q }\nenum E { A }\nunion U = X | Y"
        let document = try parse(source)
        #expect(span(document.location) == [0, 199])
        guard case .type(let type) = document.definitions[0], case .typeExtension(let typeExtension) = document.definitions[1],
              case .directive(let directive) = document.definitions[2], case .schemaExtension(let schemaExtension) = document.definitions[3],
              case .type(let enumeration) = document.definitions[4], case .type(let union) = document.definitions[5] else {
            Issue.record("unexpected definitions")
            return
        }
        #expect(span(type.location) == [0, 75])
        #expect(span(type.description?.location) == [0, 10])
        #expect(span(type.name.location) == [16, 17])
        #expect(position(type.name.location, in: document) == "2:6")
        #expect(type.interfaces.map { span($0.location) } == [[31, 32], [35, 36]])
        #expect(span(type.directives.first?.location) == [37, 39])
        let field = try #require(type.fields.first)
        #expect(span(field.location) == [44, 73])
        #expect(position(field.location, in: document) == "3:3")
        #expect(span(field.description?.location) == [44, 47])
        #expect(span(field.arguments.first?.location) == [50, 60])
        #expect(span(field.arguments.first?.defaultValue?.location) == [59, 60])
        #expect(span(field.type.location) == [63, 73])
        guard case .nonNull(.list(let item, let listLocation), _) = field.type else { Issue.record("not [String!]!"); return }
        #expect(span(listLocation) == [63, 72])
        #expect(span(item.location) == [64, 71])
        #expect(span(item.namedType.location) == [64, 70])
        #expect(span(typeExtension.location) == [76, 92])
        #expect(position(typeExtension.location, in: document) == "5:1")
        #expect(span(typeExtension.name.location) == [88, 89])
        #expect(span(directive.location) == [93, 143])
        #expect(span(directive.name.location) == [104, 105])
        #expect(span(directive.arguments.first?.location) == [106, 112])
        #expect(directive.locations.map { span($0.location) } == [[130, 135], [138, 143]])
        #expect(position(directive.locations.last?.location, in: document) == "6:46")
        #expect(span(schemaExtension.location) == [144, 170])
        #expect(span(schemaExtension.operationTypes.first?.location) == [160, 168])
        #expect(span(schemaExtension.operationTypes.first?.type.location) == [167, 168])
        #expect(span(enumeration.location) == [171, 183])
        #expect(span(enumeration.enumValues.first?.location) == [180, 181])
        #expect(span(union.location) == [184, 199])
        #expect(union.unionMembers.map { span($0.location) } == [[194, 195], [198, 199]])
    }

    @Test func parsesEverySharedSchema() throws {
        let schemas = TestData.sharedDocuments().filter { $0.pathExtension == "graphqls" }
        #expect(!schemas.isEmpty, "no shared schemas under \(TestData.sharedDirectory.path)")
        for url in schemas {
            let text = try String(contentsOf: url, encoding: .utf8)
            let document = try Parser.parse(Source(text, name: url.lastPathComponent), options: ParseOptions(mode: .typeSystemOnly))
            #expect(!document.definitions.isEmpty, "\(url.lastPathComponent)")
        }
    }
}
