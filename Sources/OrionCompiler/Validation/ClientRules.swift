/// The code generator's rules, beyond the spec's: what generated Swift needs of operations.
public var clientRules: [any ValidationRule.Type] {
    [
        NamedOperations.self,
        UniqueNamesAcrossDocuments.self,
    ]
}
