import GraphQLLanguage

/// Where a walk over an executable document is, in schema terms: the type whose fields are
/// being selected, the field and its type, the directive and argument, and the input type a
/// value must have. Kept up to date by `enter` and `leave`, as graphql-js's TypeInfo.
public struct TypeInfo {
    let schema: Schema
    private var parentTypes: [SchemaType?] = []
    private var types: [TypeReference?] = []
    private var fieldDefinitions: [SchemaField?] = []
    private var inputTypes: [TypeReference?] = []
    private var defaultValues: [Value?] = []
    /// The directive being walked.
    public private(set) var directive: SchemaDirective?
    /// The argument definition being walked.
    public private(set) var argument: SchemaInputValue?

    init(schema: Schema) {
        self.schema = schema
    }

    /// The composite type whose selection set is being walked.
    public var parentType: SchemaType? { parentTypes.last ?? nil }
    /// The type of the field (or operation, or fragment) being walked.
    public var type: TypeReference? { types.last ?? nil }
    /// The definition of the field being walked.
    public var fieldDefinition: SchemaField? { fieldDefinitions.last ?? nil }
    /// The input type the value being walked must have.
    public var inputType: TypeReference? { inputTypes.last ?? nil }
    /// The input type of the value enclosing the one being walked: for a list value, the list
    /// type (its `inputType` is already the item type).
    public var parentInputType: TypeReference? { inputTypes.dropLast().last ?? nil }
    /// The default value of the argument or input field whose value is being walked.
    public var defaultValue: Value? { defaultValues.last ?? nil }

    mutating func enter(_ node: ASTNode) {
        switch node {
        case .selectionSet:
            parentTypes.append(type.flatMap { schema.namedType($0) }.flatMap { $0.isComposite ? $0 : nil })
        case .field(let field):
            let definition = parentType.flatMap { fieldDefinition(field.name.value, on: $0) }
            fieldDefinitions.append(definition)
            types.append(definition?.type)
        case .directive(let node):
            directive = schema.directives[node.name.value]
        case .operation(let operation):
            types.append(schema.rootType(for: operation.operation).map { Self.named($0.name) })
        case .inlineFragment(let inline):
            types.append(inline.typeCondition.map { .named($0) } ?? parentType.map { Self.named($0.name) })
        case .fragment(let fragment):
            types.append(.named(fragment.typeCondition))
        case .variableDefinition(let definition):
            inputTypes.append(definition.type)
            defaultValues.append(nil)
        case .argument(let node):
            let definition = directive?.argument(node.name.value) ?? (directive == nil ? fieldDefinition?.argument(node.name.value) : nil)
            argument = definition
            inputTypes.append(definition?.type)
            defaultValues.append(definition?.defaultValue)
        case .value(.list):
            inputTypes.append(inputType.flatMap(Self.listItemType))
            defaultValues.append(nil)
        case .objectField(let field):
            let objectType = inputType.flatMap { schema.namedType($0) }
            let fieldDefinition = objectType?.kind == .inputObject ? objectType?.inputField(field.name.value) : nil
            inputTypes.append(fieldDefinition?.type)
            defaultValues.append(fieldDefinition?.defaultValue)
        default:
            break
        }
    }

    mutating func leave(_ node: ASTNode) {
        switch node {
        case .selectionSet:
            parentTypes.removeLast()
        case .field:
            fieldDefinitions.removeLast()
            types.removeLast()
        case .directive:
            directive = nil
        case .operation, .inlineFragment, .fragment:
            types.removeLast()
        case .argument:
            argument = nil
            inputTypes.removeLast()
            defaultValues.removeLast()
        case .variableDefinition, .value(.list), .objectField:
            inputTypes.removeLast()
            defaultValues.removeLast()
        default:
            break
        }
    }

    /// A field of `type`, including `__typename` everywhere and `__schema`/`__type` on the
    /// query type.
    func fieldDefinition(_ name: String, on type: SchemaType) -> SchemaField? {
        switch name {
        case "__typename" where type.isComposite:
            return SchemaField(name: name, type: .nonNull(Self.named("String"), location: nil))
        case "__schema" where type.name == schema.queryTypeName:
            return SchemaField(name: name, type: .nonNull(Self.named("__Schema"), location: nil))
        case "__type" where type.name == schema.queryTypeName:
            return SchemaField(
                name: name, arguments: [SchemaInputValue(name: "name", type: .nonNull(Self.named("String"), location: nil))],
                type: Self.named("__Type"))
        default:
            return type.kind == .object || type.kind == .interface ? type.field(name) : nil
        }
    }

    static func named(_ name: String) -> TypeReference {
        .named(NamedType(name: Name(name)))
    }

    static func listItemType(_ type: TypeReference) -> TypeReference? {
        switch type {
        case .nonNull(let inner, _): listItemType(inner)
        case .list(let inner, _): inner
        case .named: type  // A single value stands for a list of one (input coercion).
        }
    }
}
