import GraphQLLanguage

/// Builds the model tree (``IRModel``) from the IR's selection sets: which fields each model
/// exposes and where each nested model lives.
///
/// A. A model's fields come from its own selection sets (fields, and inline fragments that
///    always apply, walked recursively) and from inherited entries: the resolved fields of
///    fragments spread where they always apply, and, for a type case, of the enclosing model.
/// B. Fields are grouped by response key in order of first appearance (``OrderedGroups``), and
///    a key's inclusion is that of any of its occurrences (``Inclusion/merging(_:)``).
/// C. A composite field's nested model is reused when exactly one model already declares it
///    (a fragment's `HeroDetails.Friend`, the enclosing model's `Friend`), so fragments are never
///    expanded into every place that spreads them; only when a key has sub-selections from
///    several places is a merged model declared here, built from those places' resolved fields.
/// D. Inline fragments that do not always apply become type cases (`asHuman`): models that
///    inherit the enclosing model's resolved fields.
/// E. Each model's resolved fields are memoized by path, so a fragment is resolved once however
///    often it is spread.
/// G. A field that only fragments spread here select, all of them one fragment, is not selected
///    again: the model reads it through the fragment's data (``IRProperty/readPath``), so each
///    fragment's fields are selected, decoded and generated once, where the fragment is.
/// H. A model on an object type does not store its `__typename`, the type's name
///    (``IRProperty/isParentTypeName``): it has no position, and is not delegated to a fragment.
/// F. A fragment with `@defer` adds nothing to the model's fields (they are not in the first
///    payload): an inline one becomes a nested model that inherits the enclosing model's fields,
///    as a type case does, and a spread refers to the fragment's model; the model exposes each
///    as a deferred value.
public struct ModelTreeBuilder {
    private let schema: Schema
    private let naming: any ModelNaming
    private let fragments: [String: IRFragment]
    /// E
    private var resolved: [String: [IRProperty]] = [:]
    private var fragmentModels: [String: IRModel] = [:]

    public init(schema: Schema, naming: any ModelNaming, compilation: CompilationResult) {
        self.schema = schema
        self.naming = naming
        fragments = compilation.fragmentsByName
    }

    /// The model of a fragment, built once.
    public mutating func fragmentModel(_ name: String) -> IRModel? {
        if let model = fragmentModels[name] { return model }
        guard let fragment = fragments[name] else { return nil }
        let typeName = naming.fragmentTypeName(name)
        var model = build(
            path: typeName, name: typeName, kind: .fragment(definition: fragment.definitionText),
            parentTypeName: fragment.typeCondition, own: [fragment.selectionSet], inherited: [])
        model.description = fragment.description
        fragmentModels[name] = model
        return model
    }

    /// The model of an operation's data, called `name` at `path`.
    public mutating func operationModel(_ operation: IROperation, path: String, name: String) -> IRModel {
        build(path: path, name: name, kind: .operationData, parentTypeName: operation.rootTypeName, own: [operation.selectionSet], inherited: [])
    }

    /// Where a key of a model comes from: a field selected here, or a resolved property of a
    /// fragment or enclosing model.
    private enum Occurrence {
        case own(IRField)
        /// `fragment`: the spread it comes from (G), nil for the enclosing model's.
        case inherited(IRProperty, fragment: (propertyName: String, fragmentPath: String)?)

        var field: IRField {
            switch self {
            case .own(let field): return field
            case .inherited(let property, _): return property.field
            }
        }
    }

    private mutating func build(path: String, name: String, kind: IRModel.Kind, parentTypeName: String, own: [IRSelectionSet], inherited: [IRProperty]) -> IRModel {
        var model = IRModel(path: path, name: name, kind: kind, parentTypeName: parentTypeName)
        // A: own fields, inherited entries, and the inline fragments that become type cases.
        var ownFields: [IRField] = []
        var inheritedEntries: [(IRProperty, fragment: (propertyName: String, fragmentPath: String)?)] = inherited.map { ($0, nil) }
        var typeCaseSets: [(key: String, condition: String?, inclusion: Inclusion, sets: [IRSelectionSet])] = []
        // F: by label, in order of appearance.
        var deferredSets: [(label: String, condition: String?, sets: [IRSelectionSet])] = []
        var usedNames = naming.reservedNestedNames

        func collect(_ selectionSet: IRSelectionSet, _ builder: inout ModelTreeBuilder) {
            ownFields += selectionSet.fields
            for inline in selectionSet.inlineFragments {
                let applies = inline.typeCondition.map { builder.schema.isSubType(parentTypeName, of: $0) } ?? true
                if let label = inline.deferral?.label {
                    if let index = deferredSets.firstIndex(where: { $0.label == label }) {
                        deferredSets[index].sets.append(inline.selectionSet)
                    } else {
                        deferredSets.append((label, applies ? nil : inline.typeCondition, [inline.selectionSet]))
                    }
                    continue
                }
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
                if let deferral = spread.deferral {
                    let propertyName = deferral.label.map(builder.naming.deferredPropertyName) ?? builder.naming.fragmentPropertyName(spread.fragmentName)
                    guard !model.deferredFragments.contains(where: { $0.propertyName == propertyName }) else { continue }
                    model.deferredFragments.append(IRDeferredFragment(
                        propertyName: propertyName, typeName: fragmentModel.name, label: deferral.label, isNamedFragment: true,
                        needsTypename: !spread.isAlwaysApplicable))
                    continue
                }
                let always = spread.inclusion.isAlways && spread.isAlwaysApplicable
                let propertyName = builder.naming.fragmentPropertyName(spread.fragmentName)
                if always { inheritedEntries += (builder.resolved[fragmentModel.path] ?? []).map { ($0, (propertyName, fragmentModel.path)) } }
                if let index = model.fragments.firstIndex(where: { $0.propertyName == propertyName }) {
                    if always { model.fragments[index].isOptional = false }
                    model.fragments[index].inclusion = Inclusion.merging([model.fragments[index].inclusion, spread.inclusion])
                    continue
                }
                model.fragments.append(IRFragmentReference(
                    propertyName: propertyName, typeName: fragmentModel.name, isOptional: !always,
                    needsTypename: !spread.isAlwaysApplicable, isConditional: !spread.inclusion.isAlways, inclusion: spread.inclusion))
            }
        }
        for selectionSet in own { collect(selectionSet, &self) }

        // B
        var occurrences = OrderedGroups<Occurrence>()
        for field in ownFields { occurrences.append(.own(field), for: field.responseKey) }
        for (entry, fragment) in inheritedEntries { occurrences.append(.inherited(entry, fragment: fragment), for: entry.field.responseKey) }

        for key in occurrences.keys {
            let all = occurrences[key]
            guard var field = all.first?.field else { continue }
            field.inclusion = Inclusion.merging(all.map(\.field.inclusion))
            var property = IRProperty(field: field)
            // G
            if case .inherited(_, let fragment?) = all[0], all.allSatisfy({ occurrence in
                if case .inherited(_, let other?) = occurrence { return other.propertyName == fragment.propertyName }
                return false
            }) {
                property.delegate = fragment
            }
            if schema[field.type.namedType.name.value]?.isComposite == true {
                // C
                var ownSets: [IRSelectionSet] = []
                var inheritedPaths: [String] = []
                for occurrence in all {
                    switch occurrence {
                    case .own(let own): if let set = own.selectionSet { ownSets.append(set) }
                    case .inherited(let entry, _): if let nestedPath = entry.nestedPath, !inheritedPaths.contains(nestedPath) { inheritedPaths.append(nestedPath) }
                    }
                }
                if ownSets.isEmpty && inheritedPaths.count == 1 {
                    property.nestedPath = inheritedPaths[0]
                } else {
                    var nestedName = naming.nestedTypeName(responseKey: key, isList: field.type.hasList)
                    while usedNames.contains(nestedName) { nestedName = naming.disambiguated(nestedName) }
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
        // H
        if schema[parentTypeName]?.kind == .object {
            for index in model.properties.indices where model.properties[index].isTypename { model.properties[index].isParentTypeName = true }
        }
        // G: positions follow the selections' order: fields, type cases, fragments, deferred.
        let storedCount = model.properties.count(where: \.isStored)
        var nextStored = 0
        for index in model.properties.indices where !model.properties[index].isParentTypeName {
            guard let delegate = model.properties[index].delegate else {
                model.properties[index].readPath = [nextStored]
                nextStored += 1
                continue
            }
            // The spread that made the delegate is among the model's fragments, and the
            // fragment's resolved fields hold the key: both come from `collect`.
            let key = model.properties[index].field.responseKey
            guard let fragmentIndex = model.fragments.firstIndex(where: { $0.propertyName == delegate.propertyName }),
                  let inner = resolved[delegate.fragmentPath]?.first(where: { $0.field.responseKey == key })?.readPath
            else { preconditionFailure("\(path).\(key) is delegated to \(delegate.fragmentPath), which does not select it") }
            model.properties[index].readPath = [storedCount + typeCaseSets.count + fragmentIndex] + inner
        }
        resolved[path] = model.properties

        // D
        for typeCase in typeCaseSets {
            var caseName = naming.typeCaseName(condition: typeCase.condition, inclusion: typeCase.inclusion)
            while usedNames.contains(caseName) { caseName = naming.disambiguated(caseName) }
            usedNames.insert(caseName)
            let caseModel = build(
                path: path + "." + caseName, name: caseName,
                kind: .typeCase(isConditional: !typeCase.inclusion.isAlways, needsTypename: typeCase.condition != nil),
                parentTypeName: typeCase.condition ?? parentTypeName, own: typeCase.sets, inherited: model.properties)
            model.nested.append(caseModel)
            model.typeCases.append(IRTypeCase(
                propertyName: naming.typeCasePropertyName(caseName), typeName: caseName, isConditional: !typeCase.inclusion.isAlways,
                needsTypename: typeCase.condition != nil, inclusion: typeCase.inclusion))
        }

        // F: a spread deferred and not deferred in one selection set exposes the fragment twice,
        // under two names in `fragments`.
        let fragmentNames = Set(model.fragments.map(\.propertyName))
        for index in model.deferredFragments.indices {
            while fragmentNames.contains(model.deferredFragments[index].propertyName) {
                model.deferredFragments[index].propertyName = naming.disambiguated(model.deferredFragments[index].propertyName)
            }
        }
        var usedPropertyNames = Set(model.properties.map(\.field.responseKey) + model.typeCases.map(\.propertyName))
        for deferred in deferredSets {
            var typeName = naming.deferredTypeName(label: deferred.label)
            while usedNames.contains(typeName) { typeName = naming.disambiguated(typeName) }
            usedNames.insert(typeName)
            var propertyName = naming.deferredPropertyName(label: deferred.label)
            while usedPropertyNames.contains(propertyName) { propertyName = naming.disambiguated(propertyName) }
            usedPropertyNames.insert(propertyName)
            let deferredModel = build(
                path: path + "." + typeName, name: typeName, kind: .typeCase(isConditional: false, needsTypename: deferred.condition != nil),
                parentTypeName: deferred.condition ?? parentTypeName, own: deferred.sets, inherited: model.properties)
            model.nested.append(deferredModel)
            model.deferredFragments.append(IRDeferredFragment(
                propertyName: propertyName, typeName: typeName, label: deferred.label, isNamedFragment: false,
                needsTypename: deferred.condition != nil))
        }
        return model
    }
}

extension TypeReference {
    /// Whether a list level appears anywhere in the type.
    var hasList: Bool {
        switch self {
        case .named: return false
        case .list: return true
        case .nonNull(let inner, _): return inner.hasList
        }
    }
}
