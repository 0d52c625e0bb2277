import GraphQLLanguage
import OrionCompiler

/// Writes test mocks: a class per object type the operations can return, with a property per
/// field they select on it (on the type itself or on an interface or union it belongs to), and a
/// protocol per interface and union that the mocks of its possible types conform to.
///
/// Generated classes (`LaunchMock`), not a generic `Mock<Launch>` over generated field
/// descriptions: a call site reads as well (`LaunchMock(id: "92")`, `launch.mission = ...`),
/// an initializer takes every field as a defaulted argument, and each property is a plain
/// computed property, where a generic mock reaches its fields through `@dynamicMemberLookup` and
/// key paths, which the type checker resolves at every use, and has no such initializer.
struct MockRenderer {
    let schema: Schema
    let types: SwiftTypeNames
    let access: String
    /// Each object, interface and union type's mock name (``mockTypeName(_:)``).
    private let mockNames: [String: String]

    init(schema: Schema, types: SwiftTypeNames, access: String) {
        self.schema = schema
        self.types = types
        self.access = access
        mockNames = Self.mockNames(schema: schema, types: types)
    }

    /// The names mocks must not take: the API module's and the mocks module's declarations, and
    /// the modules and the base class the mocks' code names.
    private static func mockNames(schema: Schema, types: SwiftTypeNames) -> [String: String] {
        var taken = SwiftNames.reservedTypeNames.union(["MockObject", "OrionTestSupport", types.options.namespace])
        if let module = types.options.testMocks?.moduleName { taken.insert(module) }
        for name in schema.typeNames {
            taken.insert(name)
            taken.insert(types.schemaTypeName(name))
        }
        var names: [String: String] = [:]
        for name in schema.typeNames.sorted() where schema[name]?.isComposite == true && schema[name]?.isBuiltIn == false {
            var mock = name + "Mock"
            while taken.contains(mock) { mock += "_" }
            taken.insert(mock)
            names[name] = mock
        }
        return names
    }

    /// The mocks to generate: object types with the fields they need, and abstract types.
    struct Plan {
        /// Each object type with the fields selected on it, in the schema's order.
        var objects: [(name: String, fields: [SchemaField])]
        /// Interfaces and unions, sorted.
        var abstractTypes: [String]
    }

    /// The object types the operations can return (those `referenced`, and every possible type
    /// of an abstract one), the fields selected on each, and the types those fields return,
    /// until no new type appears.
    func plan(_ compilation: CompilationResult, referenced: [String]) -> Plan {
        var selected: [String: Set<String>] = [:]
        func collect(_ set: IRSelectionSet) {
            for field in set.fields where field.name != "__typename" {
                for object in schema.possibleObjectTypes(set.parentTypeName) { selected[object, default: []].insert(field.name) }
                if let nested = field.selectionSet { collect(nested) }
            }
            for inline in set.inlineFragments { collect(inline.selectionSet) }
        }
        for operation in compilation.operations { collect(operation.selectionSet) }
        for fragment in compilation.fragments { collect(fragment.selectionSet) }

        var composite = Set(referenced.filter { schema[$0]?.isComposite == true })
        var pending = Array(composite)
        while let name = pending.popLast() {
            var reached = schema.possibleObjectTypes(name)
            for field in fields(of: name, selected: selected) {
                guard let type = schema.namedType(field.type), type.isComposite else { continue }
                reached.append(type.name)
            }
            for type in reached where composite.insert(type).inserted { pending.append(type) }
        }
        let sorted = composite.sorted()
        return Plan(
            objects: sorted.filter { schema[$0]?.kind == .object }.map { ($0, fields(of: $0, selected: selected)) },
            abstractTypes: sorted.filter { schema[$0]?.isAbstract == true })
    }

    private func fields(of name: String, selected: [String: Set<String>]) -> [SchemaField] {
        guard let type = schema[name], type.kind == .object, let names = selected[name] else { return [] }
        return type.fields.filter { names.contains($0.name) }
    }

    /// `LaunchMock`: the type's name and `Mock`, followed by as many `_` as it takes to name no
    /// schema type (a schema with `Foo` and `FooMock` mocks `Foo` as `FooMock_`), no other
    /// mock, no module the mocks' code names (`OrionTestSupport`, `OrionAPI`, `Swift`, the API's
    /// and the mocks' own) and not `MockObject`: a test that imports the API and its mocks
    /// finds each name once. Types take their names in alphabetical order, so the same schema
    /// always gives the same names.
    func mockTypeName(_ name: String) -> String {
        mockNames[name] ?? name + "Mock"
    }

    func renderObject(_ name: String, fields: [SchemaField], abstractTypes: [String], into writer: inout SwiftWriter) {
        let conformances = abstractTypes.filter { schema.possibleObjectTypes($0).contains(name) }.map(mockTypeName)
        let properties = SwiftNames.memberIdentifiers(fields.map(\.name), avoiding: ["__typename"])
        writer.line("/// A mock `\(name)`: set the fields a test needs, in the initializer or one by one.")
        writer.block("\(access)final class \(mockTypeName(name)): " + (["OrionTestSupport.MockObject"] + conformances).joined(separator: ", ")) { writer in
            let parameters = zip(fields, properties).map { field, property in "\(property): \(propertyType(field.type)) = nil" }
            writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
                writer.line("super.init(__typename: \(SwiftLiteral.string(name)))")
                for property in properties { writer.line("self.\(property) = \(property)") }
            }
            for (field, property) in zip(fields, properties) {
                writer.line()
                writer.documentation(field.description)
                writer.block("\(access)var \(property): \(propertyType(field.type))") { writer in
                    writer.line("get { self[field: \(SwiftLiteral.string(field.name))] }")
                    writer.line("set { self[field: \(SwiftLiteral.string(field.name))] = newValue }")
                }
            }
        }
    }

    func renderAbstract(_ name: String, into writer: inout SwiftWriter) {
        let kind = schema[name]?.kind == .union ? "union" : "interface"
        let possible = schema.possibleObjectTypes(name).map { "`\(mockTypeName($0))`" }.joined(separator: ", ")
        writer.line("/// A mock of the \(kind) `\(name)`: \(possible.isEmpty ? "no object type is one." : possible + ".")")
        writer.line("\(access)protocol \(mockTypeName(name)): OrionTestSupport.MockObject {}")
    }

    /// A field's property: optional whatever the field's nullability (a field not set is
    /// absent), lists of the field's element nullability.
    func propertyType(_ type: TypeReference) -> String {
        let base = swiftType(type)
        if base.hasSuffix("?") { return base }
        return base.hasPrefix("any ") ? "(\(base))?" : base + "?"
    }

    private func swiftType(_ type: TypeReference, nonNull: Bool = false) -> String {
        let base: String
        switch type {
        case .nonNull(let inner, _): return swiftType(inner, nonNull: true)
        case .list(let inner, _): base = "[" + swiftType(inner) + "]"
        case .named(let named):
            let name = named.name.value
            switch schema[name]?.kind {
            case .object: base = mockTypeName(name)
            case .interface, .union: base = "any " + mockTypeName(name)
            case .enum: base = types.qualifiedSchemaType(name)
            default: base = types.leaf(name)
            }
        }
        if nonNull { return base }
        return base.hasPrefix("any ") ? "(\(base))?" : base + "?"
    }
}
