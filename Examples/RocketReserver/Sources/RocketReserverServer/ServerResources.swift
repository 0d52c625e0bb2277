import Foundation

/// The files the server ships with: the schema's SDL and the SpaceX launch data.
enum ServerResources {
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "The bundled resource \(name) is missing." }
    }

    static func schemaSDL() throws -> String {
        try String(contentsOf: url("schema", "graphqls"), encoding: .utf8)
    }

    static func launchesJSON() throws -> Data {
        try Data(contentsOf: url("launches", "json"))
    }

    private static func url(_ name: String, _ fileExtension: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: fileExtension) else {
            throw Missing(name: "\(name).\(fileExtension)")
        }
        return url
    }
}
