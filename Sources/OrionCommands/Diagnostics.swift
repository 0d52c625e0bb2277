import Foundation
import GraphQLLanguage

/// The one place that prints problems, compiler-style, to standard error.
package enum Diagnostics {
    package static func print(errors: [GraphQLError], warnings: [GraphQLError]) {
        var text = ""
        for warning in warnings { text += warning.formatted(severity: "warning") + "\n" }
        for error in errors { text += error.formatted(severity: "error") + "\n" }
        if !errors.isEmpty || !warnings.isEmpty {
            text += "\(errors.count) error\(errors.count == 1 ? "" : "s"), \(warnings.count) warning\(warnings.count == 1 ? "" : "s")\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
