import GraphQLLanguage
import OrionCompiler

/// Operations, fragments and the schema's enums, input objects and custom scalars become Swift
/// types of one module (in a package's layout); no two may get the same Swift name: `query
/// Hero` and `fragment HeroQuery` are both `HeroQuery`, `fragment heroDetails` and `fragment
/// HeroDetails` both `HeroDetails`, `fragment Episode` and `enum Episode` both `Episode`.
struct SwiftTypeNameClashes: ValidationRule {
    static let name = "SwiftTypeNameClashes"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func leave(_ node: ASTNode) {
        // Checked once, after the last document, over every definition of every document.
        guard case .document(let document) = node, let last = context.documents.last, document.location == last.location else { return }
        var schemaTypes: [String: SchemaType] = [:]
        for type in context.schema.types.values where !type.isBuiltIn && [.enum, .inputObject, .scalar].contains(type.kind) {
            schemaTypes[SwiftNames.typeName(type.name, avoiding: SwiftNames.namespaceMemberNames)] = type
        }
        var declared: [String: (what: String, location: Location?)] = [:]
        for document in context.documents {
            for definition in document.definitions {
                let swiftName: String
                let what: String
                let location: Location?
                switch definition {
                case .operation(let operation):
                    guard let name = operation.name else { continue }
                    swiftName = OperationRenderer.typeName(name: name.value, operationType: operation.operation)
                    what = "\(operation.operation.rawValue) \"\(name.value)\""
                    location = name.location
                case .fragment(let fragment):
                    swiftName = SwiftModelNaming.fragmentTypeName(fragment.name.value, namespace: "")
                    what = "fragment \"\(fragment.name.value)\""
                    location = fragment.name.location
                default:
                    continue
                }
                if let type = schemaTypes[swiftName] {
                    context.report(
                        "The \(what) would be the Swift type `\(swiftName)`, as the schema's \(Self.kind(type)) \"\(type.name)\" is; rename the \(what.split(separator: " ")[0]).",
                        location)
                } else if let first = declared[swiftName] {
                    // The same definition twice is UniqueNamesAcrossDocuments' to report.
                    if first.what != what {
                        context.report("The \(first.what) and the \(what) would both be the Swift type `\(swiftName)`; rename one of them.", first.location, location)
                    }
                } else {
                    declared[swiftName] = (what, location)
                }
            }
        }
    }

    private static func kind(_ type: SchemaType) -> String {
        switch type.kind {
        case .enum: return "enum"
        case .inputObject: return "input object"
        default: return "scalar"
        }
    }
}
