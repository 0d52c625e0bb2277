import GraphQLLanguage
import OrionCompiler

/// A file code generation writes, relative to the output directory.
public struct GeneratedFile: Sendable, Hashable {
    public var path: String
    public var contents: String
    /// False for files the user owns after the first generation (`SchemaConfiguration.swift`).
    public var overwrites: Bool
    /// The name of the `.graphql` file that declares what the file holds; `nil` for schema files.
    var source: String?

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
    /// - Throws: `CodegenError` with every validation error (the spec's rules and
    ///   ``swiftCodeGenerationRules``, which refuse names that would clash in Swift).
    public static func generate(schema: Schema, documents: [Document], options: CodegenOptions) throws(CodegenError) -> [GeneratedFile] {
        let errors = validate(documents, schema: schema, rules: swiftCodeGenerationRules)
        guard errors.isEmpty else { throw CodegenError(errors) }
        return try generate(validDocuments: documents, schema: schema, options: options)
    }

    /// Generates from operations already checked against `schema` (`OperationCheck`), without
    /// validating them a second time when the check applied the code generator's rules.
    ///
    /// - Throws: `CodegenError` with the check's errors.
    public static func generate(schema: Schema, operations: OperationCheck, options: CodegenOptions) throws(CodegenError) -> [GeneratedFile] {
        guard operations.errors.isEmpty else { throw CodegenError(operations.errors) }
        guard operations.rules == .codeGeneration else {
            return try generate(schema: schema, documents: operations.documents, options: options)
        }
        return try generate(validDocuments: operations.documents, schema: schema, options: options)
    }

    /// The persisted-query manifest of the operations: the ids and bodies that the generated code
    /// holds, for a server to safelist.
    ///
    /// - Throws: `CodegenError` with the check's errors.
    public static func operationManifest(schema: Schema, operations: OperationCheck) throws(CodegenError) -> OperationManifest {
        guard operations.errors.isEmpty else { throw CodegenError(operations.errors) }
        let compilation = try compile(operations.documents, schema: schema, validated: operations.rules == .codeGeneration)
        return OperationManifest(operations: compilation.operations.map { operation in
            let body = document(of: operation, fragments: compilation.fragmentsByName)
            return OperationManifest.Operation(
                id: SHA256.hexDigest(body), name: operation.name, type: operation.operationType.rawValue, body: body, location: operation.location)
        })
    }

    /// The document a client sends for `operation`: its definition, then each fragment it uses.
    /// Generated code and the manifest both take it from here, so their ids agree.
    static func document(of operation: IROperation, fragments: [String: IRFragment]) -> String {
        ([operation.definitionText] + usedFragments(of: operation, in: fragments).map(\.definitionText)).joined(separator: "\n")
    }

    /// The fragments `document(of:fragments:)` lists after the operation's definition, in order.
    static func usedFragments(of operation: IROperation, in fragments: [String: IRFragment]) -> [IRFragment] {
        operation.referencedFragments.compactMap { fragments[$0] }
    }

    /// Generates the test mocks of `options.testMocks` (none when it is `nil`) for operations
    /// already checked against `schema`: a package of its own, whose file paths are relative to
    /// the mocks' directory.
    ///
    /// - Throws: `CodegenError` with the check's errors.
    public static func generateMocks(schema: Schema, operations: OperationCheck, options: CodegenOptions) throws(CodegenError) -> [GeneratedFile] {
        guard operations.errors.isEmpty else { throw CodegenError(operations.errors) }
        guard options.testMocks != nil else { return [] }
        return try mocks(of: compile(operations.documents, schema: schema, validated: operations.rules == .codeGeneration), schema: schema, options: options)
    }

    /// Generates the test mocks of `options.testMocks` for `documents`, validating them.
    ///
    /// - Throws: `CodegenError` with every validation error.
    public static func generateMocks(schema: Schema, documents: [Document], options: CodegenOptions) throws(CodegenError) -> [GeneratedFile] {
        guard options.testMocks != nil else { return [] }
        return try mocks(of: compile(documents, schema: schema, validated: false), schema: schema, options: options)
    }

    /// The compilation every output renders from: documents valid by `swiftCodeGenerationRules`
    /// (validated here unless `validated`), `__typename` injected as in every body the client
    /// sends, so that generated code, manifests and mocks agree.
    private static func compile(_ documents: [Document], schema: Schema, validated: Bool) throws(CodegenError) -> CompilationResult {
        if !validated {
            let errors = validate(documents, schema: schema, rules: swiftCodeGenerationRules)
            guard errors.isEmpty else { throw CodegenError(errors) }
        }
        do {
            return try IRBuilder.compile(documents, schema: schema, injectingTypename: true)
        } catch {
            throw CodegenError([error])
        }
    }

    /// The mocks' package of a compilation, for `options.testMocks`.
    private static func mocks(of compilation: CompilationResult, schema: Schema, options: CodegenOptions) -> [GeneratedFile] {
        guard let mocks = options.testMocks else { return [] }
        let access = options.accessLevel == "internal" ? "" : options.accessLevel + " "
        let types = SwiftTypeNames(schema: schema, options: options)
        let renderer = MockRenderer(schema: schema, types: types, access: access)
        let schemaRenderer = SchemaRenderer(schema: schema, types: types, options: options, access: access)
        let plan = renderer.plan(compilation, referenced: schemaRenderer.typeNames(referenced: compilation.referencedTypeNames))
        var files: [GeneratedFile] = []
        for (name, fields) in plan.objects {
            var writer = SwiftWriter()
            renderer.renderObject(name, fields: fields, abstractTypes: plan.abstractTypes, into: &writer)
            files.append(GeneratedFile(path: "Objects/\(renderer.mockTypeName(name)).graphql.swift", contents: writer.text))
        }
        for name in plan.abstractTypes {
            var writer = SwiftWriter()
            renderer.renderAbstract(name, into: &writer)
            let folder = schema[name]?.kind == .union ? "Unions" : "Interfaces"
            files.append(GeneratedFile(path: "\(folder)/\(renderer.mockTypeName(name)).graphql.swift", contents: writer.text))
        }
        return MockPackageLayout(options: options, mocks: mocks).arrange(files)
    }

    /// Everything after validation: the documents are valid by `swiftCodeGenerationRules`.
    private static func generate(validDocuments documents: [Document], schema: Schema, options: CodegenOptions) throws(CodegenError) -> [GeneratedFile] {
        let compilation = try compile(documents, schema: schema, validated: true)

        let access = options.accessLevel == "internal" ? "" : options.accessLevel + " "
        let types = SwiftTypeNames(schema: schema, options: options)
        let modelRenderer = ModelRenderer(schema: schema, types: types, access: access, hashable: options.hashableModels)
        let operationRenderer = OperationRenderer(types: types, models: modelRenderer, access: access)
        let schemaRenderer = SchemaRenderer(schema: schema, types: types, options: options, access: access)
        let layout = OutputLayout(options: options, sources: documents.compactMap(\.source?.name))
        let sourceNames = Dictionary(documents.compactMap { $0.source.map { ($0.id, $0.name) } }, uniquingKeysWith: { first, _ in first })
        let naming = SwiftModelNaming(namespace: options.namespace, compilation: compilation)
        var builder = ModelTreeBuilder(schema: schema, naming: naming, compilation: compilation)
        var files: [GeneratedFile] = []

        for fragment in compilation.fragments {
            guard let model = builder.fragmentModel(fragment.name) else { continue }
            var writer = SwiftWriter()
            modelRenderer.render(model, into: &writer)
            modelRenderer.renderFragmentAccessors(model, into: &writer)
            var file = GeneratedFile(path: "Fragments/\(model.name).graphql.swift", contents: writer.text)
            file.source = fragment.location.flatMap { sourceNames[$0.sourceID] }
            files.append(file)
        }
        for operation in compilation.operations {
            let typeName = OperationRenderer.typeName(operation)
            let data = builder.operationModel(operation, path: typeName + ".Data", name: "Data")
            let document = Self.document(of: operation, fragments: compilation.fragmentsByName)
            var writer = SwiftWriter()
            let fragmentTypeNames = Self.usedFragments(of: operation, in: compilation.fragmentsByName).map { naming.fragmentTypeName($0.name) }
            operationRenderer.render(operation, data: data, document: document, fragmentTypeNames: fragmentTypeNames, into: &writer)
            let folder: String
            switch operation.operationType {
            case .query: folder = "Queries"
            case .mutation: folder = "Mutations"
            case .subscription: folder = "Subscriptions"
            }
            var file = GeneratedFile(path: "Operations/\(folder)/\(typeName).graphql.swift", contents: writer.text)
            file.source = operation.location.flatMap { sourceNames[$0.sourceID] }
            files.append(file)
        }

        let typeNames = schemaRenderer.typeNames(referenced: compilation.referencedTypeNames)
        files.append(GeneratedFile(path: "Schema/SchemaMetadata.graphql.swift", contents: layout.schemaFile { schemaRenderer.renderMetadata(typeNames, into: &$0) }))
        for name in typeNames {
            guard let type = schema[name] else { continue }
            // Files are named as their Swift types are: SwiftPM wants each file name once per target.
            let name = types.schemaTypeName(name)
            switch type.kind {
            case .enum:
                files.append(GeneratedFile(path: "Schema/Enums/\(name).graphql.swift", contents: layout.schemaFile { schemaRenderer.renderEnum(type, into: &$0) }))
            case .inputObject:
                files.append(GeneratedFile(
                    path: "Schema/InputObjects/\(name).graphql.swift", contents: layout.schemaFile { schemaRenderer.renderInputObject(type, into: &$0) }))
            case .scalar:
                files.append(GeneratedFile(path: "Schema/CustomScalars/\(name).swift", contents: layout.schemaFile { schemaRenderer.renderCustomScalar(type, into: &$0) }))
            default:
                continue
            }
        }
        files.append(GeneratedFile(path: "Schema/CustomScalars/ID.swift", contents: layout.schemaFile { schemaRenderer.renderID(into: &$0) }))
        files.append(GeneratedFile(
            path: "Schema/SchemaConfiguration.swift", contents: layout.schemaFile { schemaRenderer.renderConfiguration(into: &$0) }, overwrites: false))
        return try layout.arrange(files)
    }
}
