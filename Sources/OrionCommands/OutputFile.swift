import ArgumentParser
import Foundation

/// One file a command writes outside the generated code (a downloaded schema, an operation
/// manifest): its directory made as needed, the file replaced atomically, a failure printed
/// as an error naming it and the command ended.
enum OutputFile {
    /// Writes `data` to `file`; `name` is how the error names the file, its path by default.
    static func write(_ data: Data, to file: URL, name: String? = nil) throws {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("error: cannot write \(name ?? file.path): \(error.localizedDescription)\n".utf8))
            throw ExitCode.failure
        }
    }
}
