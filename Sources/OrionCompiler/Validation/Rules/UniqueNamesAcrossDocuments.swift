import GraphQLLanguage

/// Operation and fragment names are unique across all files, not only within one: each
/// becomes a Swift type of one module.
struct UniqueNamesAcrossDocuments: ValidationRule {
    static let name = "UniqueNamesAcrossDocuments"
    let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func leave(_ node: ASTNode) {
        // Checked once, after the last document: names repeated in different documents.
        guard case .document(let document) = node, let last = context.documents.last,
              document.location == last.location else { return }
        var operations: [String: (Location?, Source?)] = [:]
        var fragments: [String: (Location?, Source?)] = [:]
        for document in context.documents {
            let source = document.source
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    guard let name = operation.name else { continue }
                    if let first = operations[name.value] {
                        if first.1 !== source {
                            context.report("There can be only one operation named '\(name.value)' across all files.", first.0, name.location)
                        }
                    } else {
                        operations[name.value] = (name.location, source)
                    }
                case .fragment(let fragment):
                    if let first = fragments[fragment.name.value] {
                        if first.1 !== source {
                            context.report("There can be only one fragment named '\(fragment.name.value)' across all files.", first.0, fragment.name.location)
                        }
                    } else {
                        fragments[fragment.name.value] = (fragment.name.location, source)
                    }
                default:
                    continue
                }
            }
        }
    }
}
