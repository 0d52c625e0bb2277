import GraphQLLanguage

/// Builds the IR of validated documents against a schema.
///
/// A. Fragments are indexed by name, and each is compiled once, on first use, into an
///    `IRFragment`; spreads refer to it by name.
/// B. A selection set is compiled by grouping its field selections by response key (a key
///    selected twice is one field whose sub-selections are both selections' together), and by
///    keeping inline fragments and spreads as they are, with their type conditions and
///    @include/@skip conditions. Selections excluded by a literal `@skip(if: true)` or
///    `@include(if: false)` are dropped.
/// C. Each operation's referenced fragments are collected transitively, memoized per fragment,
///    so shared fragments are walked once.
/// D. The referenced schema types are gathered from what was compiled, input objects followed
///    through their fields.
///
/// The documents are expected to be valid (`validate` first); what the IR cannot resolve (an
/// unknown type or field) is thrown as a `GraphQLError` rather than guessed at.
public struct IRBuilder {
    private let schema: Schema
    private var fragmentDefinitions: [String: FragmentDefinition] = [:]
    private var fragmentOrder: [String] = []
    private var compiledFragments: [String: IRFragment] = [:]
    /// C: transitive fragment references per fragment, so each is walked once.
    private var fragmentReferences: [String: [String]] = [:]
    private var referencedTypes: Set<String> = []

    /// Compiles every operation and fragment of `documents`. With `injectingTypename`, each
    /// selection set of an object (and each fragment) selects `__typename` first, in the IR and
    /// in the documents' text that is sent (``TypenameInjection``).
    public static func compile(_ documents: [Document], schema: Schema, injectingTypename: Bool = false) throws(GraphQLError) -> CompilationResult {
        var builder = IRBuilder(schema: schema)
        do {
            return try builder.compile(injectingTypename ? documents.map(TypenameInjection.apply) : documents)
        } catch {
            throw error.locating(in: documents.compactMap(\.source))
        }
    }

    private init(schema: Schema) {
        self.schema = schema
    }

    private mutating func compile(_ documents: [Document]) throws(GraphQLError) -> CompilationResult {
        // A
        for document in documents {
            for case .fragment(let fragment) in document.definitions where fragmentDefinitions[fragment.name.value] == nil {
                fragmentDefinitions[fragment.name.value] = fragment
                fragmentOrder.append(fragment.name.value)
            }
        }
        for name in fragmentOrder { _ = try fragment(named: name, at: nil) }

        var operations: [IROperation] = []
        for document in documents {
            for case .operation(let operation) in document.definitions {
                operations.append(try compileOperation(operation))
            }
        }
        // D
        var result = CompilationResult(
            operations: operations, fragments: fragmentOrder.compactMap { compiledFragments[$0] }, referencedTypeNames: [])
        for operation in operations {
            for variable in operation.variables { referenceInputType(variable.type.namedType.name.value) }
        }
        result.referencedTypeNames = referencedTypes
        return result
    }

    private mutating func compileOperation(_ operation: OperationDefinition) throws(GraphQLError) -> IROperation {
        guard let root = schema.rootType(for: operation.operation) else {
            throw GraphQLError("Schema is not configured to execute \(operation.operation.rawValue) operation.", nodes: [operation.location])
        }
        referencedTypes.insert(root.name)
        let selectionSet = try compileSelectionSet(operation.selectionSet, parent: root)
        let variables = operation.variableDefinitions.map { definition in
            IRVariable(
                name: definition.variable.name.value, type: definition.type, defaultValue: definition.defaultValue,
                description: definition.description?.value)
        }
        let referencedFragments = try references(of: selectionSet)
        var compiled = IROperation(
            name: operation.name?.value ?? "", operationType: operation.operation, description: operation.description?.value,
            rootTypeName: root.name, variables: variables, selectionSet: selectionSet,
            referencedFragments: referencedFragments, definitionText: Printer.print(.operation(CatchStripping.apply(to: operation, schema: schema))),
            location: operation.location)
        compiled.hasDeferredFragments = selectionSet.containsDeferral
            || referencedFragments.contains { compiledFragments[$0]?.selectionSet.containsDeferral == true }
        return compiled
    }

    private mutating func fragment(named name: String, at location: Location?) throws(GraphQLError) -> IRFragment {
        if let compiled = compiledFragments[name] { return compiled }
        guard let definition = fragmentDefinitions[name] else {
            throw GraphQLError("Unknown fragment \"\(name)\".", nodes: [location])
        }
        let typeName = definition.typeCondition.name.value
        guard let type = schema[typeName] else {
            throw GraphQLError("Unknown type \"\(typeName)\".", nodes: [definition.typeCondition.location])
        }
        referencedTypes.insert(typeName)
        // A cycle would recurse forever; validation rejects cycles, the IR refuses them too.
        fragmentReferences[name] = []
        let selectionSet = try compileSelectionSet(definition.selectionSet, parent: type)
        var compiled = IRFragment(
            name: name, typeCondition: typeName, description: definition.description?.value, selectionSet: selectionSet,
            referencedFragments: [], definitionText: Printer.print(.fragment(CatchStripping.apply(to: definition, schema: schema))), location: definition.location)
        compiled.referencedFragments = try references(of: selectionSet)
        fragmentReferences[name] = compiled.referencedFragments
        compiledFragments[name] = compiled
        return compiled
    }

    /// C: the fragments a selection set uses, transitively, in order of first use.
    private mutating func references(of selectionSet: IRSelectionSet) throws(GraphQLError) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        try collectReferences(selectionSet, into: &result, seen: &seen)
        return result
    }

    private mutating func collectReferences(_ selectionSet: IRSelectionSet, into result: inout [String], seen: inout Set<String>) throws(GraphQLError) {
        for spread in selectionSet.fragmentSpreads where seen.insert(spread.fragmentName).inserted {
            result.append(spread.fragmentName)
            var nested = fragmentReferences[spread.fragmentName]
            if nested == nil { nested = try fragment(named: spread.fragmentName, at: nil).referencedFragments }
            for name in nested ?? [] where seen.insert(name).inserted { result.append(name) }
        }
        for field in selectionSet.fields {
            if let nested = field.selectionSet { try collectReferences(nested, into: &result, seen: &seen) }
        }
        for inline in selectionSet.inlineFragments {
            try collectReferences(inline.selectionSet, into: &result, seen: &seen)
        }
    }

    // B

    private mutating func compileSelectionSet(_ selectionSet: SelectionSet, parent: SchemaType) throws(GraphQLError) -> IRSelectionSet {
        try compileSelections(selectionSet.selections.map { ($0, []) }, parent: parent)
    }

    /// Compiles selections, each with the conditions it inherits from the field occurrence it
    /// came from (see `compileField`).
    private mutating func compileSelections(
        _ selections: [(Selection, inherited: [InclusionCondition])], parent: SchemaType
    ) throws(GraphQLError) -> IRSelectionSet {
        var result = IRSelectionSet(parentTypeName: parent.name, fields: [], inlineFragments: [], fragmentSpreads: [])
        var groups = OrderedGroups<(Field, [InclusionCondition])>()
        for (selection, inherited) in selections {
            guard var conditions = inclusionConditions(selection.directives) else { continue }
            for condition in inherited where !conditions.contains(condition) { conditions.append(condition) }
            switch selection {
            case .field(let field):
                groups.append((field, conditions), for: field.responseKey)
            case .inlineFragment(let inline):
                var type = parent
                if let condition = inline.typeCondition {
                    guard let conditionType = schema[condition.name.value] else {
                        throw GraphQLError("Unknown type \"\(condition.name.value)\".", nodes: [condition.location])
                    }
                    type = conditionType
                    referencedTypes.insert(type.name)
                }
                let deferral = deferral(selection.directives)
                if let deferral, deferral.label == nil {
                    throw GraphQLError(
                        "An inline fragment with @defer has no label: add one (`@defer(label: \"name\")`), which names its property in the generated model.",
                        nodes: [inline.location])
                }
                result.inlineFragments.append(IRInlineFragment(
                    typeCondition: inline.typeCondition?.name.value, inclusion: Inclusion(conditions),
                    selectionSet: try compileSelectionSet(inline.selectionSet, parent: type), deferral: deferral))
            case .fragmentSpread(let spread):
                let fragment = try fragment(named: spread.name.value, at: spread.location)
                result.fragmentSpreads.append(IRFragmentSpread(
                    fragmentName: fragment.name, typeCondition: fragment.typeCondition, inclusion: Inclusion(conditions),
                    isAlwaysApplicable: schema.isSubType(parent.name, of: fragment.typeCondition), deferral: deferral(selection.directives)))
            }
        }
        for key in groups.keys {
            let group = groups[key]
            guard let first = group.first else { continue }
            result.fields.append(try compileField(group, first: first.0, parent: parent))
        }
        return result
    }

    private mutating func compileField(_ group: [(Field, [InclusionCondition])], first: Field, parent: SchemaType) throws(GraphQLError) -> IRField {
        let name = first.name.value
        let definition: SchemaField
        if let field = parent.field(name) {
            definition = field
        } else if let meta = metaField(name, on: parent) {
            definition = meta
        } else {
            throw GraphQLError("Cannot query field \"\(name)\" on type \"\(parent.name)\".", nodes: [first.location])
        }
        var compiled = IRField(
            responseKey: first.responseKey, name: name, alias: first.alias?.value, type: definition.type,
            arguments: first.arguments, inclusion: Inclusion.merging(group.map { Inclusion($0.1) }),
            description: definition.description, deprecationReason: definition.deprecationReason,
            selectionSet: nil, location: first.location)
        // What an error in the field becomes: its @catch (the same on every selection of the
        // key, which validation checks), else the schema's default for a field that can be null.
        let canBeNull: Bool
        if case .nonNull = definition.type { canBeNull = false } else { canBeNull = true }
        compiled.catchTo = schema.catchDirective(of: first)?.to ?? (canBeNull ? schema.catchByDefault : nil)
        compiled.isSemanticNonNull = canBeNull && schema.semanticNonNullLevels(of: definition, on: parent).contains(0)
        let typeName = definition.type.namedType.name.value
        guard let fieldType = schema[typeName] else {
            throw GraphQLError("Unknown type \"\(typeName)\".", nodes: [first.location])
        }
        referencedTypes.insert(typeName)
        if fieldType.isComposite {
            // A field selected under different conditions: each occurrence's sub-selections
            // apply only when its own conditions hold (`friends { name }` and
            // `friends @include(if: $details) { ... on Droid { primaryFunction } }`), as when a
            // server collects fields; the same conditions on every occurrence are the field's.
            let differ = Set(group.map(\.1)).count > 1
            let selections = group.flatMap { field, conditions in
                (field.selectionSet?.selections ?? []).map { ($0, differ ? conditions : []) }
            }
            compiled.selectionSet = try compileSelections(selections, parent: fieldType)
        }
        return compiled
    }

    /// `__typename` everywhere, `__schema` and `__type` on the query type.
    private func metaField(_ name: String, on parent: SchemaType) -> SchemaField? {
        func nonNull(_ name: String) -> TypeReference { .nonNull(.named(NamedType(name: Name(name))), location: nil) }
        switch name {
        case "__typename":
            return SchemaField(name: name, type: nonNull("String"))
        case "__schema" where parent.name == schema.queryTypeName:
            return SchemaField(name: name, type: nonNull("__Schema"))
        case "__type" where parent.name == schema.queryTypeName:
            return SchemaField(
                name: name, arguments: [SchemaInputValue(name: "name", type: nonNull("String"))],
                type: .named(NamedType(name: Name("__Type"))))
        default:
            return nil
        }
    }

    /// A fragment's `@defer`: nil without one, or with `if: false`.
    private func deferral(_ directives: [Directive]) -> IRDeferral? {
        guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
        var label: String?
        for argument in directive.arguments {
            switch (argument.name.value, argument.value) {
            case ("if", .boolean(let literal)) where !literal.value: return nil
            case ("label", .string(let value)): label = value.value
            default: continue
            }
        }
        return IRDeferral(label: label)
    }

    /// A selection's @include/@skip conditions; nil when a literal argument excludes it.
    private func inclusionConditions(_ directives: [Directive]) -> [InclusionCondition]? {
        var conditions: [InclusionCondition] = []
        for directive in directives where directive.name.value == "include" || directive.name.value == "skip" {
            let isSkip = directive.name.value == "skip"
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
            switch argument.value {
            case .boolean(let literal):
                // @include(if: false) and @skip(if: true) exclude; the other literals are no-ops.
                if literal.value == isSkip { return nil }
            case .variable(let variable):
                let condition = InclusionCondition(variable: variable.name.value, isInverted: isSkip)
                if !conditions.contains(condition) { conditions.append(condition) }
            default:
                continue
            }
        }
        return conditions
    }

    /// D: an input type and everything its fields reach.
    private mutating func referenceInputType(_ name: String) {
        guard referencedTypes.insert(name).inserted, let type = schema[name], type.kind == .inputObject else { return }
        for field in type.inputFields { referenceInputType(field.type.namedType.name.value) }
    }
}

extension Inclusion {
    /// The inclusion of one selection: always, or when all `conditions` hold.
    init(_ conditions: [InclusionCondition]) {
        self.init(alternatives: conditions.isEmpty ? [] : [conditions])
    }
}
