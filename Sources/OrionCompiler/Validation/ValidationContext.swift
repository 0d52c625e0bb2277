import GraphQLLanguage

/// What rules share during one validation: the schema, the documents (one pool: a fragment in
/// one file may be used in another), the type information of the walk, and the errors found.
///
/// One validation owns it, on one thread; it is not shared across tasks.
public final class ValidationContext {
    public let schema: Schema
    public let documents: [Document]
    /// Where the walk is: parent type, field, input type...
    public internal(set) var typeInfo: TypeInfo
    public private(set) var errors: [GraphQLError] = []
    private let fragmentsByName: [String: FragmentDefinition]
    /// The documents' sources, which errors blaming their nodes keep.
    private let sources: [Source]
    /// Memoized variable usages per fragment, with the fragments each spreads, so operations
    /// sharing fragments walk each once.
    private var fragmentUsages: [String: [VariableUsage]] = [:]

    init(schema: Schema, documents: [Document]) {
        self.schema = schema
        self.documents = documents
        self.typeInfo = TypeInfo(schema: schema)
        var fragments: [String: FragmentDefinition] = [:]
        for document in documents {
            // The last definition of a name wins, as in graphql-js (UniqueFragmentNames reports the rest).
            for case .fragment(let fragment) in document.definitions {
                fragments[fragment.name.value] = fragment
            }
        }
        self.fragmentsByName = fragments
        self.sources = documents.compactMap(\.source)
    }

    /// Records an error blaming the given nodes.
    public func report(_ message: String, _ nodes: Location?...) {
        report(message, nodes: nodes)
    }

    /// Records an error blaming every node of a list.
    public func report(_ message: String, nodes: [Location?]) {
        errors.append(GraphQLError(message, nodes: nodes, sources: sources))
    }

    /// The fragment called `name`, from any document.
    public func fragment(_ name: String) -> FragmentDefinition? { fragmentsByName[name] }

    /// Every operation of every document.
    public var operations: [OperationDefinition] {
        documents.flatMap { document in
            document.definitions.compactMap { if case .operation(let operation) = $0 { operation } else { nil } }
        }
    }

    /// The names of the fragments the pool's operations spread, directly or through other
    /// fragments: found once per validation, not once per document, so checking many files
    /// stays linear in their number.
    public private(set) lazy var usedFragmentNames: Set<String> = {
        var used: Set<String> = []
        for operation in operations {
            for fragment in recursivelyReferencedFragments(operation.selectionSet) { used.insert(fragment.name.value) }
        }
        return used
    }()

    /// The fragments a selection set spreads, transitively, each once.
    public func recursivelyReferencedFragments(_ selectionSet: SelectionSet) -> [FragmentDefinition] {
        var seen: Set<String> = []
        var result: [FragmentDefinition] = []
        var pending = Self.spreads(in: selectionSet)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let fragment = fragmentsByName[name] else { continue }
            result.append(fragment)
            pending += Self.spreads(in: fragment.selectionSet)
        }
        return result
    }

    /// A variable used in an argument or value, with the input type expected there.
    public struct VariableUsage {
        public var variable: Variable
        public var type: TypeReference?
        public var hasDefault: Bool
    }

    /// The variables an operation uses, directly and through its fragments.
    public func recursiveVariableUsages(_ operation: OperationDefinition) -> [VariableUsage] {
        var usages = variableUsages(in: .operation(operation))
        for fragment in recursivelyReferencedFragments(operation.selectionSet) {
            if let cached = fragmentUsages[fragment.name.value] {
                usages += cached
            } else {
                let found = variableUsages(in: .fragment(fragment))
                fragmentUsages[fragment.name.value] = found
                usages += found
            }
        }
        return usages
    }

    /// The variables used in a node's arguments and values (not through its spreads).
    func variableUsages(in node: ASTNode) -> [VariableUsage] {
        var collector = VariableCollector(typeInfo: TypeInfo(schema: schema))
        _ = node.walk(&collector)
        return collector.usages
    }

    private static func spreads(in selectionSet: SelectionSet) -> [String] {
        var names: [String] = []
        for selection in selectionSet.selections {
            switch selection {
            case .fragmentSpread(let spread): names.append(spread.name.value)
            case .field(let field): names += field.selectionSet.map(spreads) ?? []
            case .inlineFragment(let inline): names += spreads(in: inline.selectionSet)
            }
        }
        return names
    }
}

/// Collects variable usages with their expected input types.
private struct VariableCollector: ASTVisitor {
    var typeInfo: TypeInfo
    var usages: [ValidationContext.VariableUsage] = []

    mutating func enter(_ node: ASTNode) -> VisitAction {
        // A variable definition's own `$name` is not a usage.
        if case .variableDefinition = node { return .skipChildren }
        typeInfo.enter(node)
        if case .value(.variable(let variable)) = node {
            usages.append(.init(variable: variable, type: typeInfo.inputType, hasDefault: typeInfo.defaultValue != nil))
        }
        return .continue
    }

    mutating func leave(_ node: ASTNode) {
        if case .variableDefinition = node { return }
        typeInfo.leave(node)
    }
}
