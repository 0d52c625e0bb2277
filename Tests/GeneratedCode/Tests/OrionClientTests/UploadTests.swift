import Foundation
import Orion
import OrionAPI
import Testing
import UploadAPI

/// Uploads of several files, to one list variable and to several variables, as the GraphQL
/// multipart request spec lays them out.
@Suite struct UploadTests {
    private func file(_ name: String, bytes: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orion-\(UUID().uuidString)-\(name)")
        try bytes.write(to: url)
        return url
    }

    @Test func severalFilesInListsAndSeparateVariables() async throws {
        let server = try FaultServer { _ in
            .respond(status: 200, body: #"{"data": {"multipleParameterUpload": [{"__typename": "File", "id": "1", "path": "/a", "filename": "a.txt", "mimetype": "text/plain"}]}}"#)
        }
        let single = try file("single.txt", bytes: Data("the single file".utf8))
        let first = try file("first.bin", bytes: Data((0..<70_000).map { UInt8($0 % 256) }))
        let second = try file("second.txt", bytes: Data("the second of the list".utf8))
        defer { for url in [single, first, second] { try? FileManager.default.removeItem(at: url) } }

        let client = OrionClient(url: server.url)
        let result = try await client.upload(
            operation: UploadMultipleFilesToDifferentParametersMutation(singleFile: "single", multipleFiles: ["a", "b"]),
            files: [
                GraphQLFile(variablePath: "singleFile", fileURL: single, mimeType: "text/plain"),
                GraphQLFile(variablePath: "multipleFiles.0", fileURL: first),
                GraphQLFile(variablePath: "multipleFiles.1", fileURL: second, filename: "list-second.txt", mimeType: "text/plain"),
            ])
        #expect(result.data?.multipleParameterUpload.first?.filename == "a.txt")

        let body = try #require(server.requests.first).body
        let text = String(decoding: body, as: UTF8.self)
        // operations: every file variable null; map: part name → the variable paths it fills.
        #expect(text.contains(#""variables":{"multipleFiles":[null,null],"singleFile":null}"#), "\(text.prefix(600))")
        #expect(text.contains(#"{"0":["variables.singleFile"],"1":["variables.multipleFiles.0"],"2":["variables.multipleFiles.1"]}"#), "\(text.prefix(600))")
        #expect(text.contains(#"name="2"; filename="list-second.txt""#))
        #expect(body.range(of: Data((0..<70_000).map { UInt8($0 % 256) })) != nil, "the binary file whole")
        // Parts in order: operations, map, then the files.
        let positions = [#"name="operations""#, #"name="map""#, #"name="0""#, #"name="1""#, #"name="2""#].map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }
}
