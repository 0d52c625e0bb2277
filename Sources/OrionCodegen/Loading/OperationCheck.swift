import Foundation
import GraphQLLanguage
import OrionCompiler

/// The operations of a project checked against its schema, every problem of every file at once:
/// what `orion validate` reports, and what `orion generate` checks before it writes anything.
///
/// Every file the globs match is read and parsed (`OperationLoader`): a file that cannot be read
/// or parsed is reported, and the others are still checked. The documents that parsed are then
/// validated as one pool (a fragment defined in one file may be used in another).
public struct OperationCheck: Sendable {
    /// Which rules a check applies.
    public enum Rules: Sendable, Hashable {
        /// What code generation needs (`swiftCodeGenerationRules`); a fragment no operation uses is a
        /// warning, as apps read the cache with fragments of their own.
        case codeGeneration
        /// The spec's rules exactly (`specifiedRules`), as graphql-js applies them.
        case spec
    }

    /// The rules the check applied.
    public let rules: Rules
    /// The documents that parsed.
    public var documents: [Document]
    /// Reading and syntax errors, file by file, then validation errors (by file and position).
    public var errors: [GraphQLError]
    /// Unused fragments, under `Rules.codeGeneration`.
    public var warnings: [GraphQLError]

    /// Loads the files that `globs` match (relative ones against `directory`) and checks them
    /// against `schema`.
    public init(_ globs: [String], relativeTo directory: URL, schema: Schema, rules: Rules) {
        let (documents, loadingErrors) = OperationLoader.load(globs, relativeTo: directory)
        self.rules = rules
        self.documents = documents
        switch rules {
        case .spec:
            errors = loadingErrors + validate(documents, schema: schema)
            warnings = []
        case .codeGeneration:
            errors = loadingErrors + validate(documents, schema: schema, rules: swiftCodeGenerationRules)
            warnings = validate(documents, schema: schema, rules: [NoUnusedFragments.self])
        }
    }
}
