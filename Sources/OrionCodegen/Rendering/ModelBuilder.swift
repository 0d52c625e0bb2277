import GraphQLLanguage
import OrionCompiler

/// Turns the IR's selection sets into `Model`s: which fields each Swift struct exposes and
/// where each nested struct lives.
///
/// A. A model's fields come from its own selection sets (fields, and inline fragments that
///    always apply, walked recursively) and from inherited entries: the resolved fields of
///    fragments spread where they always apply, and, for a type case, of the enclosing model.
/// B. Fields are grouped by response key in order of first appearance.
/// C. A composite field's nested struct is reused when exactly one model already declares it
///    (a fragment's `HeroDetails.Friend`, the enclosing model's `Friend`), so fragments are never
///    expanded into every place that spreads them; only when a key has sub-selections from
///    several places is a merged struct declared here, built from those places' resolved fields.
/// D. Inline fragments that do not always apply become type cases (`asHuman`): models that
///    inherit the enclosing model's resolved fields.
/// E. Each model's resolved fields are memoized by path, so a fragment is resolved once however
///    often it is spread.
struct ModelBuilder {
    private let schema: Schema
    private let types: SwiftTypeNames
    private let fragments: [String: IRFragment]
    /// E
    private var resolved: [String: [Property]] = [:]
    private(set) var fragmentModels: [String: Model] = [:]

    /// Names no nested model or type case may take: models refer to fragments, operations'
    /// models and the namespace by paths from the top, which a nested type of the same name
    /// would hide.
    private let namesHidingFragments: Set<String>

    init(schema: Schema, types: SwiftTypeNames, compilation: CompilationResult) {
        self.schema = schema
        self.types = types
        var fragments: [String: IRFragment] = [:]
        for fragment in compilation.fragments { fragments[fragment.name] = fragment }
        self.fragments = fragments
        namesHidingFragments = Set(compilation.fragments.map { Self.fragmentTypeName($0.name, namespace: types.options.namespace) })
            .union(compilation.operations.map(OperationRenderer.typeName))
            .union(["Fragments", types.options.namespace])
    }

    /// The Swift type name of a fragment: its name, capitalized, with `_` appended while it
    /// would take a name generated code relies on (`Data`, `Fragments`, the namespace's own).
    static func fragmentTypeName(_ name: String, namespace: String) -> String {
        SwiftNames.typeName(SwiftNames.upperFirst(name), avoiding: SwiftNames.namespaceMemberNames.union(["Data", "Fragments", "ID", namespace]))
    }

    /// The model of a fragment, built once.
    mutating func fragmentModel(_ name: String) -> Model? {
        if let model = fragmentModels[name] { return model }
        guard let fragment = fragments[name] else { return nil }
        let typeName = Self.fragmentTypeName(name, namespace: types.options.namespace)
        var model = build(
            path: typeName, name: typeName, kind: .fragment(definition: fragment.definitionText),
            parentTypeName: fragment.typeCondition, own: [fragment.selectionSet], inherited: [])
        model.description = fragment.description
        fragmentModels[name] = model
        return model
    }

    /// The model of an operation's data.
    mutating func operationModel(_ operation: IROperation, path: String) -> Model {
        build(path: path, name: "Data", kind: .operationData, parentTypeName: operation.rootTypeName, own: [operation.selectionSet], inherited: [])
    }

    private mutating func build(path: String, name: String, kind: Model.Kind, parentTypeName: String, own: [IRSelectionSet], inherited: [Property]) -> Model {
        var model = Model(path: path, name: name, kind: kind, parentTypeName: parentTypeName)
        // A: own fields, inherited entries, and the inline fragments that become type cases.
        var ownFields: [IRField] = []
        var inheritedEntries = inherited
        var typeCaseSets: [(key: String, condition: String?, inclusion: Inclusion, sets: [IRSelectionSet])] = []
        var usedNames = namesHidingFragments

        func collect(_ selectionSet: IRSelectionSet, _ builder: inout ModelBuilder) {
            ownFields += selectionSet.fields
            for inline in selectionSet.inlineFragments {
                let applies = inline.typeCondition.map { builder.schema.isSubType(parentTypeName, of: $0) } ?? true
                if applies && inline.inclusion.isAlways {
                    collect(inline.selectionSet, &builder)
                    continue
                }
                let key = (inline.typeCondition ?? "") + "|" + inline.inclusion.description
                if let index = typeCaseSets.firstIndex(where: { $0.key == key }) {
                    typeCaseSets[index].sets.append(inline.selectionSet)
                } else {
                    typeCaseSets.append((key, applies ? nil : inline.typeCondition, inline.inclusion, [inline.selectionSet]))
                }
            }
            for spread in selectionSet.fragmentSpreads {
                guard let fragmentModel = builder.fragmentModel(spread.fragmentName) else { continue }
                let always = spread.inclusion.isAlways && spread.isAlwaysApplicable
                if always { inheritedEntries += builder.resolved[fragmentModel.path] ?? [] }
                let propertyName = SwiftNames.lowerFirst(spread.fragmentName)
                if let index = model.fragments.firstIndex(where: { $0.propertyName == propertyName }) {
                    if always { model.fragments[index].isOptional = false }
                    model.fragments[index].inclusion = Self.mergedInclusion([model.fragments[index].inclusion, spread.inclusion])
                    continue
                }
                model.fragments.append(FragmentReference(
                    propertyName: propertyName, typeName: fragmentModel.name, isOptional: !always,
                    needsTypename: !spread.isAlwaysApplicable, isConditional: !spread.inclusion.isAlways, inclusion: spread.inclusion))
            }
        }
        for selectionSet in own { collect(selectionSet, &self) }

        // B
        var order: [String] = []
        var ownByKey: [String: [IRField]] = [:]
        var inheritedByKey: [String: [Property]] = [:]
        for field in ownFields {
            if ownByKey[field.responseKey] == nil && inheritedByKey[field.responseKey] == nil { order.append(field.responseKey) }
            ownByKey[field.responseKey, default: []].append(field)
        }
        for entry in inheritedEntries {
            let key = entry.field.responseKey
            if ownByKey[key] == nil && inheritedByKey[key] == nil { order.append(key) }
            inheritedByKey[key, default: []].append(entry)
        }

        for key in order {
            let ownOccurrences = ownByKey[key] ?? []
            let inheritedOccurrences = inheritedByKey[key] ?? []
            guard var field = ownOccurrences.first ?? inheritedOccurrences.first?.field else { continue }
            field.inclusion = Self.mergedInclusion(ownOccurrences.map(\.inclusion) + inheritedOccurrences.map(\.field.inclusion))
            var property = Property(field: field)
            if schema[field.type.namedType.name.value]?.isComposite == true {
                // C
                let ownSets = ownOccurrences.compactMap(\.selectionSet)
                var inheritedPaths: [String] = []
                for entry in inheritedOccurrences {
                    if let nestedPath = entry.nestedPath, !inheritedPaths.contains(nestedPath) { inheritedPaths.append(nestedPath) }
                }
                if ownSets.isEmpty && inheritedPaths.count == 1 {
                    property.nestedPath = inheritedPaths[0]
                } else {
                    var nestedName = SwiftNames.nestedTypeName(responseKey: key, isList: SwiftTypeNames.isList(field.type))
                    while usedNames.contains(nestedName) { nestedName += "_" }
                    usedNames.insert(nestedName)
                    let nestedPath = path + "." + nestedName
                    let nestedInherited = inheritedPaths.flatMap { resolved[$0] ?? [] }
                    let nestedModel = build(
                        path: nestedPath, name: nestedName, kind: .field, parentTypeName: field.type.namedType.name.value,
                        own: ownSets, inherited: nestedInherited)
                    model.nested.append(nestedModel)
                    property.nestedPath = nestedPath
                    property.ownNestedName = nestedName
                }
            }
            model.properties.append(property)
        }
        resolved[path] = model.properties

        // D
        for typeCase in typeCaseSets {
            var caseName = typeCase.condition.map { "As" + SwiftNames.upperFirst($0) } ?? "If"
            if !typeCase.inclusion.isAlways {
                let variables = typeCase.inclusion.alternatives.flatMap { $0 }.map { ($0.isInverted ? "Not" : "") + SwiftNames.upperFirst($0.variable) }
                if typeCase.condition != nil || !variables.isEmpty { caseName += (typeCase.condition == nil ? "" : "If") + variables.joined() }
            }
            while usedNames.contains(caseName) { caseName += "_" }
            usedNames.insert(caseName)
            let caseModel = build(
                path: path + "." + caseName, name: caseName,
                kind: .typeCase(isConditional: !typeCase.inclusion.isAlways, needsTypename: typeCase.condition != nil),
                parentTypeName: typeCase.condition ?? parentTypeName, own: typeCase.sets, inherited: model.properties)
            model.nested.append(caseModel)
            model.typeCases.append(TypeCaseReference(
                propertyName: SwiftNames.lowerFirst(caseName), typeName: caseName, isConditional: !typeCase.inclusion.isAlways,
                needsTypename: typeCase.condition != nil, inclusion: typeCase.inclusion))
        }
        return model
    }

    /// A field selected under several conditions is present when any of them holds.
    private static func mergedInclusion(_ inclusions: [Inclusion]) -> Inclusion {
        if inclusions.isEmpty || inclusions.contains(where: \.isAlways) { return .always }
        var alternatives: [[InclusionCondition]] = []
        for inclusion in inclusions {
            for alternative in inclusion.alternatives where !alternatives.contains(alternative) { alternatives.append(alternative) }
        }
        return Inclusion(alternatives: alternatives)
    }
}
