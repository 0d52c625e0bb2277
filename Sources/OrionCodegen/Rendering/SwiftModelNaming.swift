import OrionCompiler

/// The Swift names of the model tree's types and properties (``ModelNaming``): fragments
/// capitalized, nested models after their field (singular for lists), type cases `AsHuman` /
/// `asHuman`, and `_` suffixes where a name is taken.
struct SwiftModelNaming: ModelNaming {
    let namespace: String
    /// Fragments' and operations' type names, besides the always reserved ones.
    let reservedNestedNames: Set<String>

    init(namespace: String, compilation: CompilationResult) {
        self.namespace = namespace
        reservedNestedNames = Set(compilation.fragments.map { Self.fragmentTypeName($0.name, namespace: namespace) })
            .union(compilation.operations.map(OperationRenderer.typeName))
            .union(["Fragments", namespace])
    }

    /// The Swift type name of a fragment: its name, capitalized, with `_` appended while it
    /// would take a name generated code relies on (`Data`, `Fragments`, the namespace's own).
    static func fragmentTypeName(_ name: String, namespace: String) -> String {
        SwiftNames.typeName(SwiftNames.upperFirst(name), avoiding: SwiftNames.namespaceMemberNames.union(["Data", "Fragments", "ID", namespace]))
    }

    func fragmentTypeName(_ fragment: String) -> String { Self.fragmentTypeName(fragment, namespace: namespace) }

    func fragmentPropertyName(_ fragment: String) -> String { SwiftNames.lowerFirst(fragment) }

    func nestedTypeName(responseKey: String, isList: Bool) -> String {
        SwiftNames.nestedTypeName(responseKey: responseKey, isList: isList)
    }

    /// `AsHuman`, `AsHumanIfDetails`, `IfNotHidden`.
    func typeCaseName(condition: String?, inclusion: Inclusion) -> String {
        var name = condition.map { "As" + SwiftNames.upperFirst($0) } ?? "If"
        if !inclusion.isAlways {
            let variables = inclusion.alternatives.flatMap { $0 }.map { ($0.isInverted ? "Not" : "") + SwiftNames.upperFirst($0.variable) }
            if condition != nil || !variables.isEmpty { name += (condition == nil ? "" : "If") + variables.joined() }
        }
        return name
    }

    func typeCasePropertyName(_ typeName: String) -> String { SwiftNames.lowerFirst(typeName) }

    /// `rocket_details` and `RocketDetails` give `RocketDetails`; a label that does not start
    /// with a letter gets a `Deferred` prefix.
    func deferredTypeName(label: String) -> String {
        let name = label.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map { SwiftNames.upperFirst(String($0)) }.joined()
        return name.first?.isLetter == true ? name : "Deferred" + name
    }

    /// `rocket_details` and `RocketDetails` give `rocketDetails`; `_` is appended to the name of a
    /// member every model declares (`fragments_`).
    func deferredPropertyName(label: String) -> String {
        let name = SwiftNames.lowerFirst(deferredTypeName(label: label))
        return SwiftMemberNames.modelMembers.contains(name) ? disambiguated(name) : name
    }

    func disambiguated(_ name: String) -> String { name + "_" }
}
