import ArgumentParser
import Foundation
import OrionCodegen
import OrionCompiler

/// `orion fetch-schema`: downloads a server's schema by introspection.
package struct FetchSchema: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "fetch-schema",
        abstract: "Download a GraphQL server's schema by introspection.",
        discussion: """
            Sends the introspection query (POST, or GET with --get), checks the schema it describes, \
            and writes it as SDL (an --output ending in .graphqls or .graphql) or as introspection \
            JSON (ending in .json, the schema.json of the Apollo workflow).
            """)

    @Option(help: ArgumentHelp("The GraphQL endpoint, e.g. http://127.0.0.1:4000/graphql.", valueName: "url"))
    var endpoint: String

    @Option(name: .customLong("header"), help: ArgumentHelp("A request header, e.g. 'Authorization: Bearer TOKEN'. Repeatable.", valueName: "name:value"))
    var headers: [String] = []

    @Option(help: ArgumentHelp("Where to write: schema.graphqls (SDL) or schema.json (introspection).", valueName: "path"))
    var output = "schema.graphqls"

    @Flag(name: .customLong("get"), help: "Send the query as GET instead of POST.")
    var useGET = false

    @Option(help: ArgumentHelp("Seconds to wait for the server.", valueName: "seconds"))
    var timeout: Double = 30

    package func validate() throws {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--endpoint \(endpoint): give an http or https URL, e.g. http://127.0.0.1:4000/graphql.")
        }
        for header in headers where !header.contains(":") {
            throw ValidationError("--header \(header): write Name: value, e.g. --header 'Authorization: Bearer TOKEN'.")
        }
        let format = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard ["graphqls", "graphql", "json"].contains(format) else {
            throw ValidationError("--output \(output): end it in .graphqls (SDL) or .json (introspection JSON).")
        }
    }

    package func run() async throws {
        var headerFields: [String: String] = [:]
        for header in headers {
            let parts = header.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            headerFields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        // `validate` checked the URL.
        guard let url = URL(string: endpoint) else { throw ExitCode.validationFailure }
        let schema: Schema
        do {
            schema = try await SchemaDownloader(endpoint: url, headers: headerFields, useGET: useGET, timeout: timeout).download().schema
        } catch let error as SchemaError {
            Diagnostics.print(errors: error.errors, warnings: [])
            throw ExitCode.failure
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let file = URL(fileURLWithPath: output)
        let contents = file.pathExtension.lowercased() == "json" ? schema.introspectionJSON() : Data(schema.printSDL().utf8)
        try OutputFile.write(contents, to: file)
        print("Wrote the schema of \(endpoint) to \(output) (\(schema.types.count) types).")
    }
}
