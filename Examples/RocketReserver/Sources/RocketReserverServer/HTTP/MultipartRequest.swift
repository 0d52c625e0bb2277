import Foundation
import GraphQL

/// A GraphQL multipart request (the "GraphQL multipart request specification"): an
/// `operations` part holding the request JSON with nulls where files go, a `map` part saying
/// which file part goes where, then the file parts.
struct MultipartRequest {
    let payload: GraphQLRequestPayload
    /// The files, by the placeholder string put in the variables in their place.
    let uploads: [String: UploadedFile]

    /// One part of a `multipart/form-data` body.
    struct Part {
        let name: String
        let filename: String?
        let contentType: String?
        let body: Data
    }

    static let maxParts = 32

    /// Parses a body sent with `contentType` (`multipart/form-data; boundary=...`).
    init(contentType: String, body: Data) throws(RequestProblem) {
        guard let boundary = Self.boundary(in: contentType) else {
            throw .badRequest("A multipart request needs a boundary in its Content-Type.")
        }
        let parts = try Self.parts(of: body, boundary: boundary)
        guard let operationsPart = parts.first(where: { $0.name == "operations" }) else {
            throw .badRequest("A multipart request needs an \"operations\" part.")
        }
        guard let mapPart = parts.first(where: { $0.name == "map" }) else {
            throw .badRequest("A multipart request needs a \"map\" part.")
        }
        var operations = try GraphQLRequestPayload.parseJSON(operationsPart.body)
        if case .array = operations {
            throw .badRequest("Batched operations are not supported: send one operation per request.")
        }
        guard case .dictionary(let map) = try GraphQLRequestPayload.parseJSON(mapPart.body) else {
            throw .badRequest("The \"map\" part must be a JSON object of file names to variable paths.")
        }
        var uploads: [String: UploadedFile] = [:]
        for (fileName, paths) in map {
            guard let file = parts.first(where: { $0.name == fileName && $0.name != "operations" && $0.name != "map" }) else {
                throw .badRequest("The \"map\" part names a file \"\(fileName)\" that the request does not have.")
            }
            guard case .array(let pathList) = paths, !pathList.isEmpty else {
                throw .badRequest("The \"map\" entry for \"\(fileName)\" must be a list of paths.")
            }
            let placeholder = "upload:\(UUID().uuidString)"
            uploads[placeholder] = UploadedFile(
                filename: file.filename,
                contentType: file.contentType ?? "application/octet-stream",
                data: file.body
            )
            for path in pathList {
                guard let path = path.string else { throw .badRequest("The paths in \"map\" must be strings.") }
                let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard components.count >= 2, components[0] == "variables" else {
                    throw .badRequest("The path \"\(path)\" in \"map\" must start with \"variables.\".")
                }
                operations = try Self.setting(.string(placeholder), at: components[...], in: operations, path: path)
            }
        }
        payload = try GraphQLRequestPayload(json: operations)
        self.uploads = uploads
    }

    /// `value` put at a dotted path (object keys and list indexes) inside `map`.
    private static func setting(_ value: Map, at path: ArraySlice<String>, in map: Map, path fullPath: String) throws(RequestProblem) -> Map {
        guard let key = path.first else { return value }
        let rest = path.dropFirst()
        switch map {
        case .dictionary(var fields):
            fields[key] = try setting(value, at: rest, in: fields[key] ?? .null, path: fullPath)
            return .dictionary(fields)
        case .array(var items):
            guard let index = Int(key), items.indices.contains(index) else { break }
            items[index] = try setting(value, at: rest, in: items[index], path: fullPath)
            return .array(items)
        case .null, .undefined:
            // The spec has clients put null where a file goes; a missing variables object is
            // made on the way.
            guard Int(key) == nil else { break }
            let child = try setting(value, at: rest, in: .null, path: fullPath)
            return [key: child]
        default:
            break
        }
        throw .badRequest("The path \"\(fullPath)\" in \"map\" does not lead to a variable.")
    }

    private static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty || value.count > 200 ? nil : value
        }
        return nil
    }

    /// Splits the body at `--boundary` lines and reads each part's headers.
    private static func parts(of body: Data, boundary: String) throws(RequestProblem) -> [Part] {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        let headerEnd = Array("\r\n\r\n".utf8)
        guard var position = bytes.firstRange(of: delimiter)?.upperBound else {
            throw .badRequest("The multipart body does not contain its boundary.")
        }
        let nextDelimiter = Array("\r\n--\(boundary)".utf8)
        var parts: [Part] = []
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if bytes[position...].starts(with: Array("--".utf8)) { break }
            guard bytes[position...].starts(with: Array("\r\n".utf8)) else {
                throw .badRequest("The multipart body is malformed after a boundary.")
            }
            let partStart = position + 2
            guard let end = bytes[partStart...].firstRange(of: nextDelimiter) else {
                throw .badRequest("The multipart body ends without its closing boundary.")
            }
            let partBytes = bytes[partStart..<end.lowerBound]
            guard let headerRange = partBytes.firstRange(of: headerEnd) else {
                throw .badRequest("A multipart part has no blank line after its headers.")
            }
            let headerText = String(decoding: partBytes[partBytes.startIndex..<headerRange.lowerBound], as: UTF8.self)
            parts.append(try part(headers: headerText, body: Data(partBytes[headerRange.upperBound...])))
            guard parts.count <= maxParts else { throw .badRequest("A multipart request may have at most \(maxParts) parts.") }
            position = end.upperBound
        }
        return parts
    }

    private static func part(headers: String, body: Data) throws(RequestProblem) -> Part {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in headers.split(separator: "\r\n") {
            let header = line.split(separator: ":", maxSplits: 1)
            guard header.count == 2 else { continue }
            let value = header[1].trimmingCharacters(in: .whitespaces)
            switch header[0].trimmingCharacters(in: .whitespaces).lowercased() {
            case "content-disposition":
                for parameter in value.split(separator: ";").dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard pair.count == 2 else { continue }
                    let unquoted = pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"")
                        ? String(pair[1].dropFirst().dropLast()) : pair[1]
                    switch pair[0].lowercased() {
                    case "name": name = unquoted
                    case "filename": filename = unquoted
                    default: break
                    }
                }
            case "content-type":
                contentType = value
            default:
                break
            }
        }
        guard let name else { throw .badRequest("A multipart part has no name in its Content-Disposition.") }
        return Part(name: name, filename: filename, contentType: contentType, body: body)
    }
}
