/// The code generator's rules, beyond the spec's: what generated Swift needs of operations.
public var clientRules: [any ValidationRule.Type] {
    [
        NamedOperations.self,
        UniqueNamesAcrossDocuments.self,
        // The nullability directives (https://specs.apollo.dev/nullability/v0.4), when imported.
        CatchNeedsCatchByDefault.self,
        CatchLevelsInRange.self,
        ConsistentCatch.self,
    ]
}

/// What code generation checks: the spec's rules, except that an unused fragment is allowed
/// (apps read the cache with fragments), and the client rules.
public var codeGenerationRules: [any ValidationRule.Type] {
    specifiedRules.filter { $0 != NoUnusedFragments.self } + clientRules
}
