import GraphQLLanguage
import OrionCompiler

/// A file code generation writes, relative to the output directory.
public struct GeneratedFile: Sendable, Hashable {
    public var path: String
    public var contents: String
    /// False for files the user owns after the first generation (`SchemaConfiguration.swift`).
    public var overwrites: Bool

    public init(path: String, contents: String, overwrites: Bool = true) {
        self.path = path
        self.contents = contents
        self.overwrites = overwrites
    }
}

/// Problems that stop code generation, printed like a compiler's.
public struct CodegenError: Error, Sendable {
    public var errors: [GraphQLError]

    public init(_ errors: [GraphQLError]) {
        self.errors = errors
    }
}

/// Generates Swift for operations and fragments against a schema: validation, IR, models,
/// schema types, laid out as the options say. Same inputs, same bytes.
public enum CodeGenerator {
    /// - Throws: `CodegenError` with every validation error, or names that would clash in Swift.
    public static func generate(schema: Schema, documents: [Document], options: CodegenOptions) throws(CodegenError) -> [GeneratedFile] {
        let errors = validate(documents, schema: schema, rules: codeGenerationRules)
        guard errors.isEmpty else { throw CodegenError(errors) }
        return try generate(validDocuments: documents, schema: schema, options: options)
    }

    /// Generates from operations already checked against `schema` (`OperationCheck`), without
    /// validating them a second time when the check applied the code generator's rules.
    ///
    /// - Throws: `CodegenError` with the check's errors, or names that would clash in Swift.
    public static func generate(schema: Schema, operations: OperationCheck, options: CodegenOptions) throws(CodegenError) -> [GeneratedFile] {
        guard operations.errors.isEmpty else { throw CodegenError(operations.errors) }
        guard operations.rules == .codeGeneration else {
            return try generate(schema: schema, documents: operations.documents, options: options)
        }
        return try generate(validDocuments: operations.documents, schema: schema, options: options)
    }

    /// Everything after validation: the documents are valid by `codeGenerationRules`.
    private static func generate(validDocuments documents: [Document], schema: Schema, options: CodegenOptions) throws(CodegenError) -> [GeneratedFile] {
        let prepared = documents.map(TypenameInjection.apply)
        let compilation: CompilationResult
        do {
            compilation = try IRBuilder.compile(prepared, schema: schema)
        } catch {
            throw CodegenError([error])
        }

        let access = options.accessLevel == "internal" ? "" : options.accessLevel + " "
        let types = SwiftTypeNames(schema: schema, options: options)
        let modelRenderer = ModelRenderer(schema: schema, types: types, access: access)
        let operationRenderer = OperationRenderer(types: types, models: modelRenderer, access: access)
        let schemaRenderer = SchemaRenderer(schema: schema, types: types, options: options, access: access)
        var builder = ModelBuilder(schema: schema, types: types, compilation: compilation)
        var files: [GeneratedFile] = []

        for fragment in compilation.fragments {
            guard let model = builder.fragmentModel(fragment.name) else { continue }
            var writer = SwiftWriter()
            modelRenderer.render(model, into: &writer)
            modelRenderer.renderFragmentAccessors(model, into: &writer)
            files.append(GeneratedFile(path: "Fragments/\(model.name).graphql.swift", contents: writer.text))
        }
        let fragmentsByName = Dictionary(compilation.fragments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for operation in compilation.operations {
            let typeName = OperationRenderer.typeName(operation)
            let data = builder.operationModel(operation, path: typeName + ".Data")
            let document = ([operation.definitionText] + operation.referencedFragments.compactMap { fragmentsByName[$0]?.definitionText })
                .joined(separator: "\n")
            var writer = SwiftWriter()
            operationRenderer.render(operation, data: data, document: document, into: &writer)
            let folder: String
            switch operation.operationType {
            case .query: folder = "Queries"
            case .mutation: folder = "Mutations"
            case .subscription: folder = "Subscriptions"
            }
            files.append(GeneratedFile(path: "Operations/\(folder)/\(typeName).graphql.swift", contents: writer.text))
        }
        let problems = builder.problems + compilation.operations.flatMap(OperationRenderer.nameClashes)
        let sources = documents.compactMap(\.source)
        guard problems.isEmpty else { throw CodegenError(problems.map { $0.locating(in: sources) }) }

        let typeNames = schemaRenderer.typeNames(referenced: compilation.referencedTypeNames)
        var metadata = SwiftWriter()
        schemaRenderer.renderMetadata(typeNames, into: &metadata)
        files.append(GeneratedFile(path: "Schema/SchemaMetadata.graphql.swift", contents: metadata.text))
        for name in typeNames {
            guard let type = schema[name] else { continue }
            var writer = SwiftWriter()
            switch type.kind {
            case .enum:
                schemaRenderer.renderEnum(type, into: &writer)
                files.append(GeneratedFile(path: "Schema/Enums/\(name).graphql.swift", contents: writer.text))
            case .inputObject:
                schemaRenderer.renderInputObject(type, into: &writer)
                files.append(GeneratedFile(path: "Schema/InputObjects/\(name).graphql.swift", contents: writer.text))
            case .scalar:
                schemaRenderer.renderCustomScalar(type, into: &writer)
                files.append(GeneratedFile(path: "Schema/CustomScalars/\(name).swift", contents: writer.text))
            default:
                continue
            }
        }
        var configuration = SwiftWriter()
        schemaRenderer.renderConfiguration(into: &configuration)
        files.append(GeneratedFile(path: "Schema/SchemaConfiguration.swift", contents: configuration.text, overwrites: false))
        return OutputLayout(options: options).arrange(files)
    }
}
