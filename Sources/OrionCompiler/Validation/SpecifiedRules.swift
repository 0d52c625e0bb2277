/// The spec's validation rules (section 5, September 2025 edition), in its order.
public var specifiedRules: [any ValidationRule.Type] { [
    ExecutableDefinitions.self,          // 5.1.1
    KnownOperationTypes.self,            // 5.2.1
    UniqueOperationNames.self,           // 5.2.1.1
    LoneAnonymousOperation.self,         // 5.2.2.1
    SingleFieldSubscriptions.self,       // 5.2.3.1
    KnownTypeNames.self,                 // 5.5.1.2
    FragmentsOnCompositeTypes.self,      // 5.5.1.3
    VariablesAreInputTypes.self,         // 5.8.2
    ScalarLeafs.self,                    // 5.3.3
    FieldsOnCorrectType.self,            // 5.3.1
    UniqueFragmentNames.self,            // 5.5.1.1
    KnownFragmentNames.self,             // 5.5.2.1
    NoUnusedFragments.self,              // 5.5.1.4
    PossibleFragmentSpreads.self,        // 5.5.2.3
    NoFragmentCycles.self,               // 5.5.2.2
    UniqueVariableNames.self,            // 5.8.1
    NoUndefinedVariables.self,           // 5.8.3
    NoUnusedVariables.self,              // 5.8.4
    KnownDirectives.self,                // 5.7.1, 5.7.2
    UniqueDirectivesPerLocation.self,    // 5.7.3
    KnownArgumentNames.self,             // 5.4.1
    UniqueArgumentNames.self,            // 5.4.2
    ValuesOfCorrectType.self,            // 5.6.1, 5.6.2, 5.6.4
    ProvidedRequiredArguments.self,      // 5.4.2.1
    VariablesInAllowedPosition.self,     // 5.8.5
    OverlappingFieldsCanBeMerged.self,   // 5.3.2
    UniqueInputFieldNames.self,          // 5.6.3
] }
