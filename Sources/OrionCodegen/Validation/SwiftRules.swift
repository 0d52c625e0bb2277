import OrionCompiler

/// What `orion generate` and `orion validate` check: the compiler's code-generation rules and
/// the Swift rules, which refuse names that would clash in the generated Swift, so that
/// `validate` reports everything `generate` would refuse.
public var swiftCodeGenerationRules: [any ValidationRule.Type] {
    codeGenerationRules + [SwiftMemberNames.self, SwiftTypeNameClashes.self, SupportedNullabilityLevels.self]
}
