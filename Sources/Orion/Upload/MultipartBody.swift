import Foundation
import OrionAPI

/// Writes a GraphQL multipart request (the `operations` part, the `map` part and one part per
/// file) into a temporary file, copying each file in chunks so that no file is held in memory
/// whole; the request then streams that file.
enum MultipartBody {
    static let chunkSize = 256 * 1024

    /// The body file and its `Content-Type`. The caller deletes the file.
    static func write(operations: [String: JSONValue], files: [GraphQLFile]) throws -> (file: URL, contentType: String) {
        let boundary = "orion-" + UUID().uuidString
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orion-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw NetworkError.unreadableFile(url, reason: "cannot create the request body in the temporary directory.")
        }
        do {
            let output = try FileHandle(forWritingTo: url)
            defer { try? output.close() }
            func write(_ text: String) throws { try output.write(contentsOf: Data(text.utf8)) }

            // Null out each file's variable in `operations`, as the spec's clients do.
            var operationsWithNulls = operations
            for file in files { setNull(at: file.variablePath.split(separator: ".").map(String.init), in: &operationsWithNulls) }
            try write("--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\nContent-Type: application/json\r\n\r\n")
            try output.write(contentsOf: JSONEncoding.data(.object(operationsWithNulls)))
            var map: [String: JSONValue] = [:]
            for (index, file) in files.enumerated() { map[String(index)] = .list([.string("variables." + file.variablePath)]) }
            try write("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\nContent-Type: application/json\r\n\r\n")
            try output.write(contentsOf: JSONEncoding.data(.object(map)))
            for (index, file) in files.enumerated() {
                let name = file.filename.replacingOccurrences(of: "\"", with: "%22")
                try write("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"\(index)\"; filename=\"\(name)\"\r\nContent-Type: \(file.mimeType)\r\n\r\n")
                let input: FileHandle
                do {
                    input = try FileHandle(forReadingFrom: file.fileURL)
                } catch {
                    throw NetworkError.unreadableFile(file.fileURL, reason: error.localizedDescription)
                }
                defer { try? input.close() }
                while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
                    try output.write(contentsOf: chunk)
                }
            }
            try write("\r\n--\(boundary)--\r\n")
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return (url, "multipart/form-data; boundary=\(boundary)")
    }

    /// Sets `variables.<path>` to null: `file`, or `files.2` inside a list.
    private static func setNull(at path: [String], in operations: inout [String: JSONValue]) {
        guard case .object(var variables)? = operations["variables"] else { return }
        variables = setNull(path[...], in: .object(variables)).objectFields ?? variables
        operations["variables"] = .object(variables)
    }

    private static func setNull(_ path: ArraySlice<String>, in value: JSONValue) -> JSONValue {
        guard let first = path.first else { return .null }
        switch value {
        case .object(var fields):
            fields[first] = setNull(path.dropFirst(), in: fields[first] ?? .null)
            return .object(fields)
        case .list(var values):
            guard let index = Int(first), values.indices.contains(index) else { return value }
            values[index] = setNull(path.dropFirst(), in: values[index])
            return .list(values)
        default:
            return value
        }
    }
}

extension JSONValue {
    var objectFields: [String: JSONValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }
}
