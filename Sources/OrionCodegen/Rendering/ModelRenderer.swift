import GraphQLLanguage
import OrionCompiler

/// Writes an `IRModel` as a Swift struct that holds only its `DataDict`: its `__metadata`
/// (parent type and selections), one computed property per field (but `__typename`, which
/// every model reads through `SelectionSet.__typename`), type case and fragment
/// (reading its value by position in the selections), and nested structs. Decoding,
/// `jsonObject` and the members of `Hashable` (or of `Equatable` alone) come from OrionAPI's
/// protocol extensions, so each model compiles to little code.
struct ModelRenderer {
    let schema: Schema
    let types: SwiftTypeNames
    let access: String
    /// ``CodegenOptions/hashableModels``.
    var hashable = true

    func render(_ model: IRModel, into writer: inout SwiftWriter) {
        var conformances = ["OrionAPI.SelectionSet"]
        switch model.kind {
        case .operationData: conformances = ["OrionAPI.RootSelectionSet"]
        case .fragment: conformances = ["OrionAPI.Fragment"]
        case .typeCase: conformances = ["OrionAPI.InlineFragment"]
        case .field: break
        }
        conformances.append(hashable ? "Swift.Hashable" : "Swift.Equatable")
        if model.properties.contains(where: { $0.field.responseKey == "id" && !$0.isConditional }) { conformances.append("Swift.Identifiable") }
        writer.documentation(model.description)
        writer.block("\(access)struct \(model.name): \(conformances.joined(separator: ", "))") { writer in
            if case .fragment(let definition) = model.kind {
                let literal = SwiftLiteral.rawMultiline(definition, indent: "  ")
                writer.line("\(access)static var fragmentDefinition: Swift.String { " + literal[0])
                for line in literal.dropFirst().dropLast() { writer.line(line.isEmpty ? "" : line) }
                writer.line(literal[literal.count - 1] + " }")
                writer.line("\(access)static var __schema: any OrionAPI.SchemaMetadata.Type { \(types.qualified("SchemaMetadata")).self }")
            }
            renderMetadata(model, into: &writer)
            renderStorage(into: &writer)
            writer.line()
            // Positions follow `renderMetadata`: fields, type cases, fragments, deferred fragments.
            let storedCount = model.storedProperties.count
            // `__typename` as every model reads it comes from OrionAPI's `SelectionSet.__typename`.
            for property in model.properties where !Self.isSharedTypename(property) { renderDeclaration(property, into: &writer) }
            for (offset, typeCase) in model.typeCases.enumerated() {
                let index = storedCount + offset
                writer.line("\(access)var \(SwiftNames.identifier(typeCase.propertyName)): \(typeCase.typeName)? { __data[\(index)] }")
            }
            let firstDeferred = storedCount + model.typeCases.count + model.fragments.count
            for (offset, deferred) in model.deferredFragments.enumerated() where !deferred.isNamedFragment {
                writer.line("\(access)var \(SwiftNames.identifier(deferred.propertyName)): \(deferredType(deferred)) { __data[\(firstDeferred + offset)] }")
            }
            for nested in model.nested {
                writer.line()
                render(nested, into: &writer)
            }
        }
    }

    /// The properties of each model's `fragments`, as extensions of `OrionAPI.Fragments<Model>` at
    /// file scope after the model: one generic type serves every model, instead of a struct each.
    func renderFragmentAccessors(_ model: IRModel, into writer: inout SwiftWriter) {
        if !model.fragments.isEmpty || model.deferredFragments.contains(where: \.isNamedFragment) {
            writer.line()
            writer.block("extension OrionAPI.Fragments where Model == \(model.path)") { writer in
                let storedCount = model.storedProperties.count
                for (offset, fragment) in model.fragments.enumerated() {
                    let index = storedCount + model.typeCases.count + offset
                    let type = fragment.typeName + (fragment.isOptional ? "?" : "")
                    writer.line("\(access)var \(SwiftNames.identifier(fragment.propertyName)): \(type) { __data[\(index)] }")
                }
                let firstDeferred = storedCount + model.typeCases.count + model.fragments.count
                for (offset, deferred) in model.deferredFragments.enumerated() where deferred.isNamedFragment {
                    writer.line("\(access)var \(SwiftNames.identifier(deferred.propertyName)): \(deferredType(deferred)) { __data[\(firstDeferred + offset)] }")
                }
            }
        }
        for nested in model.nested { renderFragmentAccessors(nested, into: &writer) }
    }

    /// `Deferred<Model>`, of an optional model when the fragment's type condition may not hold
    /// (nil for other objects, known from the first payload).
    private func deferredType(_ deferred: IRDeferredFragment) -> String {
        "OrionAPI.Deferred<\(deferred.typeName)\(deferred.needsTypename ? "?" : "")>"
    }

    private func renderStorage(into writer: inout SwiftWriter) {
        writer.line("\(access)let __data: OrionAPI.DataDict")
        writer.line("\(access)init(_dataDict data: OrionAPI.DataDict) { __data = data }")
    }

    private func parentType(_ name: String) -> String {
        switch schema[name]?.kind {
        case .interface: return ".interface(\(types.qualified("Interfaces." + types.schemaTypeName(name))))"
        case .union: return ".union(\(types.qualified("Unions." + types.schemaTypeName(name))))"
        default: return ".object(\(types.qualified("Objects." + types.schemaTypeName(name))))"
        }
    }

    /// The model's `__metadata`: its parent type and selections. Built once, as one table: the
    /// cache walks the selections for every object it writes and reads, and each static member
    /// a model declares costs it functions to compile.
    private func renderMetadata(_ model: IRModel, into writer: inout SwiftWriter) {
        writer.line("\(access)static let __metadata = OrionAPI.SelectionSetMetadata(\(parentType(model.parentTypeName)), [")
        for property in model.storedProperties {
            let field = property.field
            if Self.isSharedTypename(property) {
                writer.line("  .typename,")
                continue
            }
            var arguments = "." + "field(" + SwiftLiteral.string(field.name)
            if let alias = field.alias { arguments += ", alias: " + SwiftLiteral.string(alias) }
            arguments += ", " + swiftType(property) + ".self"
            if !field.arguments.isEmpty {
                let pairs = field.arguments.map { SwiftLiteral.string($0.name.value) + ": " + types.argumentValue($0.value) }
                arguments += ", arguments: [" + pairs.joined(separator: ", ") + "]"
            }
            if let condition = conditionLiteral(field.inclusion) { arguments += ", condition: " + condition }
            if let catchTo = field.catchTo { arguments += ", catch: " + catchLiteral(catchTo) }
            writer.line("  " + arguments + "),")
        }
        // Conditions go with type cases and fragments too: the cache stores and reads only what
        // the operation's variables include.
        func condition(_ inclusion: Inclusion) -> String { conditionLiteral(inclusion).map { ", condition: " + $0 } ?? "" }
        // Type cases check `__typename` unless they have no type condition; fragments only when
        // their type does not hold for every object here (those are optional).
        for typeCase in model.typeCases {
            let checksType = typeCase.needsTypename ? "" : ", checksType: false"
            writer.line("  .inlineFragment(\(typeCase.typeName).self\(condition(typeCase.inclusion))\(checksType)),")
        }
        for fragment in model.fragments {
            let checksType = fragment.isOptional && fragment.needsTypename ? ", checksType: true" : ""
            writer.line("  .fragment(\(fragment.typeName).self\(condition(fragment.inclusion))\(checksType)),")
        }
        for deferred in model.deferredFragments {
            let label = deferred.label.map(SwiftLiteral.string) ?? "nil"
            writer.line("  .deferred(\(deferred.typeName).self, label: \(label)\(deferred.needsTypename ? ", checksType: true" : "")),")
        }
        writer.line("])")
    }

    /// The `InclusionCondition` literal of an inclusion, nil when always included.
    private func conditionLiteral(_ inclusion: Inclusion) -> String? {
        guard !inclusion.isAlways else { return nil }
        func single(_ condition: InclusionCondition) -> String {
            (condition.isInverted ? ".skip(" : ".include(") + SwiftLiteral.string(condition.variable) + ")"
        }
        func conjunction(_ conditions: [InclusionCondition]) -> String {
            conditions.count == 1 ? single(conditions[0]) : ".all([" + conditions.map(single).joined(separator: ", ") + "])"
        }
        let alternatives = inclusion.alternatives.map(conjunction)
        return alternatives.count == 1 ? alternatives[0] : ".any([" + alternatives.joined(separator: ", ") + "])"
    }

    /// How a property names its nested model: unqualified when declared inside, else its path.
    private func typeReference(_ property: IRProperty) -> String? {
        property.ownNestedName ?? property.nestedPath
    }

    /// The property's type: the field's, or, for a field that catches errors, what its catch
    /// makes of it (``caughtType(_:catchTo:composite:)``); optional when @include/@skip may
    /// leave it out.
    private func swiftType(_ property: IRProperty) -> String {
        var type: String
        if let catchTo = property.field.catchTo {
            type = caughtType(property.field, catchTo: catchTo, composite: typeReference(property))
        } else {
            type = types.output(property.field.type, composite: typeReference(property))
        }
        if property.isConditional && !type.hasSuffix("?") { type += "?" }
        return type
    }

    /// A field's type under `@catch(to:)` (or `@catchByDefault(to:)`), as Apollo Kotlin's
    /// nullability directives define it: `THROW` non-optional where the schema promises a value
    /// (non-null, or `@semanticNonNull`), `NULL` always optional (a caught error is a nil),
    /// `RESULT` a `FieldResult` of the type `THROW` would have.
    private func caughtType(_ field: IRField, catchTo: CatchTo, composite: String?) -> String {
        let promisesValue: Bool
        let nonNull: TypeReference
        if case .nonNull = field.type {
            promisesValue = true
            nonNull = field.type
        } else {
            promisesValue = field.isSemanticNonNull
            nonNull = .nonNull(field.type, location: nil)
        }
        let value = types.output(nonNull, composite: composite)
        switch catchTo {
        case .throw: return promisesValue ? value : value + "?"
        case .null: return value + "?"
        case .result: return "OrionAPI.FieldResult<" + (promisesValue ? value : value + "?") + ">"
        }
    }

    /// The selection's `catch:` argument: Swift's runtime names of ``CatchTo``.
    private func catchLiteral(_ catchTo: CatchTo) -> String {
        switch catchTo {
        case .result: return ".result"
        case .null: return ".null"
        case .throw: return ".throw"
        }
    }

    /// The `__typename` a model selects itself, under its own name, always and without `@catch`:
    /// `Selection.typename` in its metadata (not there at all on an object type, whose name it
    /// is), and the one `SelectionSet.__typename` reads. An alias of it is a field and a
    /// property of the model's own (as one under @include/@skip would be, but the `__typename`
    /// code generation adds to every object's selections absorbs those).
    static func isSharedTypename(_ property: IRProperty) -> Bool {
        property.isTypename && (property.readPath.count == 1 || property.isParentTypeName)
    }

    /// A field's property: read at its position, or through the fragments that select it.
    private func renderDeclaration(_ property: IRProperty, into writer: inout SwiftWriter) {
        writer.documentation(property.field.description)
        if let reason = property.field.deprecationReason { writer.deprecation(reason) }
        let path = property.readPath.dropLast().map { ".fragment(\($0))" }.joined() + "[\(property.readPath.last ?? 0)]"
        writer.line("\(access)var \(SwiftNames.identifier(property.field.responseKey)): \(swiftType(property)) { __data\(path) }")
    }
}
