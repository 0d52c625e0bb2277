/// Any node of the AST, as a visitor sees it.
public enum ASTNode: Sendable {
    case document(Document)
    case operation(OperationDefinition)
    case variableDefinition(VariableDefinition)
    case selectionSet(SelectionSet)
    case field(Field)
    case argument(Argument)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)
    case fragment(FragmentDefinition)
    case directive(Directive)
    case value(Value)
    case objectField(ObjectField)
    case type(TypeReference)
    case schema(SchemaDefinition)
    case schemaExtension(SchemaExtension)
    case operationTypeDefinition(OperationTypeDefinition)
    case typeDefinition(TypeDefinition)
    case typeExtension(TypeExtension)
    case fieldDefinition(FieldDefinition)
    case inputValueDefinition(InputValueDefinition)
    case enumValueDefinition(EnumValueDefinition)
    case directiveDefinition(DirectiveDefinition)
    case directiveExtension(DirectiveExtension)
}

/// What a visitor wants after entering a node.
public enum VisitAction: Sendable {
    /// Visit the node's children, then leave it.
    case `continue`
    /// Do not visit the node's children; `leave` is still called for it.
    case skipChildren
    /// Stop the whole traversal at once; no further `enter` or `leave` calls.
    case stop
}

/// Sees every node of a document in depth-first order: `enter` on the way down, `leave` on the
/// way up. Both have default implementations, so a visitor implements only what it needs.
public protocol ASTVisitor {
    mutating func enter(_ node: ASTNode) -> VisitAction
    mutating func leave(_ node: ASTNode)
}

extension ASTVisitor {
    public mutating func enter(_ node: ASTNode) -> VisitAction { .continue }
    public mutating func leave(_ node: ASTNode) {}
}

extension Document {
    /// Walks the document depth first, calling `visitor` for every node, names and strings
    /// aside (they are parts of the nodes that hold them).
    public func walk<V: ASTVisitor>(_ visitor: inout V) {
        _ = ASTNode.document(self).walk(&visitor)
    }
}

extension ASTNode {
    /// Visits this node and its children; returns false when the visitor asked to stop.
    @discardableResult
    public func walk<V: ASTVisitor>(_ visitor: inout V) -> Bool {
        switch visitor.enter(self) {
        case .stop: return false
        case .skipChildren: break
        case .continue:
            for child in children where !child.walk(&visitor) { return false }
        }
        visitor.leave(self)
        return true
    }

    /// The node's children in source order.
    public var children: [ASTNode] {
        switch self {
        case .document(let node):
            return node.definitions.map { definition in
                switch definition {
                case .operation(let node): .operation(node)
                case .fragment(let node): .fragment(node)
                case .schema(let node): .schema(node)
                case .type(let node): .typeDefinition(node)
                case .directive(let node): .directiveDefinition(node)
                case .schemaExtension(let node): .schemaExtension(node)
                case .typeExtension(let node): .typeExtension(node)
                case .directiveExtension(let node): .directiveExtension(node)
                }
            }
        case .operation(let node):
            return node.variableDefinitions.map(ASTNode.variableDefinition) + node.directives.map(ASTNode.directive)
                + [.selectionSet(node.selectionSet)]
        case .variableDefinition(let node):
            return [.value(.variable(node.variable)), .type(node.type)] + (node.defaultValue.map { [.value($0)] } ?? [])
                + node.directives.map(ASTNode.directive)
        case .selectionSet(let node):
            return node.selections.map { selection in
                switch selection {
                case .field(let node): .field(node)
                case .fragmentSpread(let node): .fragmentSpread(node)
                case .inlineFragment(let node): .inlineFragment(node)
                }
            }
        case .field(let node):
            return node.arguments.map(ASTNode.argument) + node.directives.map(ASTNode.directive)
                + (node.selectionSet.map { [.selectionSet($0)] } ?? [])
        case .argument(let node):
            return [.value(node.value)]
        case .fragmentSpread(let node):
            return node.directives.map(ASTNode.directive)
        case .inlineFragment(let node):
            return (node.typeCondition.map { [.type(.named($0))] } ?? []) + node.directives.map(ASTNode.directive)
                + [.selectionSet(node.selectionSet)]
        case .fragment(let node):
            return [.type(.named(node.typeCondition))] + node.directives.map(ASTNode.directive) + [.selectionSet(node.selectionSet)]
        case .directive(let node):
            return node.arguments.map(ASTNode.argument)
        case .value(let value):
            switch value {
            case .list(let list): return list.values.map(ASTNode.value)
            case .object(let object): return object.fields.map(ASTNode.objectField)
            default: return []
            }
        case .objectField(let node):
            return [.value(node.value)]
        case .type(let reference):
            switch reference {
            case .named: return []
            case .list(let inner, _), .nonNull(let inner, _): return [.type(inner)]
            }
        case .schema(let node):
            return node.directives.map(ASTNode.directive) + node.operationTypes.map(ASTNode.operationTypeDefinition)
        case .schemaExtension(let node):
            return node.directives.map(ASTNode.directive) + node.operationTypes.map(ASTNode.operationTypeDefinition)
        case .operationTypeDefinition(let node):
            return [.type(.named(node.type))]
        case .typeDefinition(let node):
            return Self.typeChildren(node.interfaces, node.directives, node.fields, node.unionMembers, node.enumValues, node.inputFields)
        case .typeExtension(let node):
            return Self.typeChildren(node.interfaces, node.directives, node.fields, node.unionMembers, node.enumValues, node.inputFields)
        case .fieldDefinition(let node):
            return node.arguments.map(ASTNode.inputValueDefinition) + [.type(node.type)] + node.directives.map(ASTNode.directive)
        case .inputValueDefinition(let node):
            return [.type(node.type)] + (node.defaultValue.map { [.value($0)] } ?? []) + node.directives.map(ASTNode.directive)
        case .enumValueDefinition(let node):
            return node.directives.map(ASTNode.directive)
        case .directiveDefinition(let node):
            return node.arguments.map(ASTNode.inputValueDefinition) + node.directives.map(ASTNode.directive)
        case .directiveExtension(let node):
            return node.directives.map(ASTNode.directive)
        }
    }

    private static func typeChildren(
        _ interfaces: [NamedType], _ directives: [Directive], _ fields: [FieldDefinition], _ members: [NamedType],
        _ values: [EnumValueDefinition], _ inputFields: [InputValueDefinition]
    ) -> [ASTNode] {
        interfaces.map { .type(.named($0)) } + directives.map(ASTNode.directive) + fields.map(ASTNode.fieldDefinition)
            + members.map { .type(.named($0)) } + values.map(ASTNode.enumValueDefinition)
            + inputFields.map(ASTNode.inputValueDefinition)
    }

    /// Where the node stands in its source.
    public var location: Location? {
        switch self {
        case .document(let node): node.location
        case .operation(let node): node.location
        case .variableDefinition(let node): node.location
        case .selectionSet(let node): node.location
        case .field(let node): node.location
        case .argument(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        case .fragment(let node): node.location
        case .directive(let node): node.location
        case .value(let node): node.location
        case .objectField(let node): node.location
        case .type(let node): node.location
        case .schema(let node): node.location
        case .schemaExtension(let node): node.location
        case .operationTypeDefinition(let node): node.location
        case .typeDefinition(let node): node.location
        case .typeExtension(let node): node.location
        case .fieldDefinition(let node): node.location
        case .inputValueDefinition(let node): node.location
        case .enumValueDefinition(let node): node.location
        case .directiveDefinition(let node): node.location
        case .directiveExtension(let node): node.location
        }
    }
}
