import Foundation
import GraphQLLanguage
import OrionCompiler
import Testing

/// `orion fetch-schema` as a process: against the RocketReserver server (SDL and introspection
/// JSON, POST and GET), and against servers that fail in each way it must explain.
@Suite struct FetchSchemaTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the root package's built `orion`.
    private func orion(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await onOwnThread { try Self.runOrion(arguments) }
    }

    private static func runOrion(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = Self.repository.appendingPathComponent(".build/debug/orion")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        // Bounded, and not `waitUntilExit()`, which on Linux can spin forever when Foundation
        // misses a child's exit.
        guard exited.wait(timeout: .now() + 120) == .success else {
            process.terminate()
            throw OrionDidNotExit(arguments: arguments)
        }
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    private func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("orion-fetch-\(UUID().uuidString)-\(name)")
    }

    static func sharedSchema() throws -> Schema {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/data/rocketreserver/schema.graphqls")
        return try Schema.build(sdl: [Source(try String(contentsOf: url, encoding: .utf8), name: url.path)])
    }

    @Test(arguments: [("schema.graphqls", false), ("schema.json", false), ("schema.graphqls", true)])
    func downloadsTheRocketReserverSchema(file: String, get: Bool) async throws {
        let server = try await RocketReserverProcess()
        let output = temporaryFile(file)
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try await orion(["fetch-schema", "--endpoint", server.url.absoluteString, "--output", output.path] + (get ? ["--get"] : []))
        #expect(run.status == 0, "\(run.output)")
        let data = try Data(contentsOf: output)
        let schema = file.hasSuffix(".json")
            ? try Schema.build(introspectionJSON: data, name: file)
            : try Schema.build(sdl: [Source(String(decoding: data, as: UTF8.self), name: file)])
        #expect(Self.canonical(schema) == (try Self.canonical(Self.sharedSchema())), "the served schema, descriptions included")
    }

    /// A schema's types, fields, arguments, values and descriptions, in name order: servers
    /// built on dictionaries list fields in their own order, which introspection does not fix.
    static func canonical(_ schema: Schema) -> [String] {
        schema.types.values.filter { !$0.isBuiltIn }.sorted { $0.name < $1.name }.flatMap { type -> [String] in
            let fields = type.fields.map { field in
                let arguments = field.arguments.map { "\($0.name):\($0.type)" }.sorted().joined(separator: ",")
                return "  \(field.name)(\(arguments)): \(field.type) \(field.description ?? "")"
            }
            let inputs = type.inputFields.map { "  \($0.name): \($0.type) \($0.description ?? "")" }
            let values = type.enumValues.map { "  \($0.name) \($0.description ?? "")" }
            let related = (type.interfaceNames + type.possibleTypeNames).sorted().joined(separator: ",")
            return ["\(type.kind) \(type.name) [\(related)] \(type.description ?? "")"] + (fields + inputs + values).sorted()
        }
    }

    @Test func explainsEachFailure() async throws {
        let html = try FaultServer { _ in .respond(status: 200, body: "<html>hello</html>", contentType: "text/html") }
        let notGraphQL = try await orion(["fetch-schema", "--endpoint", html.url.absoluteString, "--output", temporaryFile("a.graphqls").path])
        #expect(notGraphQL.status == 1)
        #expect(notGraphQL.output.contains("did not answer with a GraphQL response"), "\(notGraphQL.output)")

        let failing = try FaultServer { _ in .respond(status: 502, body: "bad gateway", contentType: "text/plain") }
        let status = try await orion(["fetch-schema", "--endpoint", failing.url.absoluteString, "--output", temporaryFile("b.graphqls").path])
        #expect(status.status == 1)
        #expect(status.output.contains("HTTP 502"), "\(status.output)")

        let closed = try FaultServer { _ in .respond(status: 200, body: #"{"errors": [{"message": "GraphQL introspection is not allowed by Apollo Server"}]}"#) }
        let disabled = try await orion(["fetch-schema", "--endpoint", closed.url.absoluteString, "--output", temporaryFile("c.graphqls").path])
        #expect(disabled.status == 1)
        #expect(disabled.output.contains("Introspection is disabled"), "\(disabled.output)")

        let invalid = try await orion(["fetch-schema", "--endpoint", "not a url", "--output", "x.graphqls"])
        #expect(invalid.status != 0)
        #expect(invalid.output.contains("--endpoint"))
    }

    @Test func sendsHeadersAndFallsBackForOlderServers() async throws {
        let introspection = String(decoding: try Self.sharedSchema().introspectionJSON(), as: UTF8.self)
        // A server from before `isOneOf` and friends, that wants a token.
        let old = try FaultServer { request in
            guard request.headers["authorization"] == "Bearer secret" else { return .respond(status: 401, body: "who are you?", contentType: "text/plain") }
            let query = request.json?["query"] as? String ?? ""
            if query.contains("isOneOf") {
                return .respond(status: 200, body: #"{"errors": [{"message": "Cannot query field \"isOneOf\" on type \"__Type\"."}]}"#)
            }
            return .respond(status: 200, body: #"{"data": "# + introspection + "}")
        }
        let output = temporaryFile("old.graphqls")
        defer { try? FileManager.default.removeItem(at: output) }
        let unauthorized = try await orion(["fetch-schema", "--endpoint", old.url.absoluteString, "--output", output.path])
        #expect(unauthorized.status == 1)
        #expect(unauthorized.output.contains("--header"), "the 401 hint: \(unauthorized.output)")

        let run = try await orion(["fetch-schema", "--endpoint", old.url.absoluteString, "--header", "Authorization: Bearer secret", "--output", output.path])
        #expect(run.status == 0, "\(run.output)")
        let queries = old.requests.compactMap { $0.json?["query"] as? String }
        #expect(queries.count == 3)
        #expect(queries.last?.contains("isOneOf") == false, "the retry leaves out the newer fields")
        #expect(queries.last?.contains("specifiedByURL") == false)
        #expect(FileManager.default.fileExists(atPath: output.path))
    }
}

/// `orion` ran past the time a schema fetch takes.
private struct OrionDidNotExit: Error, CustomStringConvertible {
    let arguments: [String]
    var description: String { "orion \(arguments.joined(separator: " ")) did not exit within 120 s" }
}
