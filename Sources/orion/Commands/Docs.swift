import ArgumentParser
import Foundation
import OrionCodegen
import OrionCommands
import OrionCompiler

/// `orion docs`: a schema's static documentation site and explorer, written to a directory or
/// served.
struct Docs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a schema's documentation site and GraphQL explorer, or serve them.",
        discussion: """
            Loads the schema (SDL files, merged, or one introspection schema.json) and writes a \
            static site to --output: index.html (every type by kind, a page per type with its \
            fields, arguments, default values, deprecations, interfaces and implementations, \
            links, a search box) and explorer.html (an editor with completion from the schema, \
            variables, headers, results, subscription events). The pages load nothing from \
            elsewhere: they work offline, opened as files or from any server. Same schema, same \
            bytes.

            With --serve, serves the site and the explorer at http://127.0.0.1:PORT/ until \
            interrupted. The explorer's requests go to the docs server, which forwards them to \
            --endpoint, so the page stays same-origin and the endpoint needs no CORS; \
            subscriptions connect to the endpoint's WebSocket directly. The server also \
            generates the explorer's Swift preview: what `orion generate` writes for the operation.
            """)

    @Option(name: .customLong("schema"), help: ArgumentHelp("A schema file: SDL (.graphqls), or an introspection result (.json). Repeat to merge SDL files.", valueName: "path"))
    var schemaPaths: [String] = []

    @Option(help: ArgumentHelp("The directory to write the site to.", valueName: "dir"))
    var output: String?

    @Flag(help: "Serve the site and the explorer on 127.0.0.1 until interrupted.")
    var serve = false

    @Option(help: ArgumentHelp(
        "The GraphQL endpoint the explorer talks to (default: /graphql beside the pages; with --serve, http://127.0.0.1:4000/graphql).",
        valueName: "url"))
    var endpoint: String?

    @Option(help: "The port --serve listens on (0 picks a free one).")
    var port = 4100

    @Option(help: ArgumentHelp("The pages' title (default: the schema file's name).", valueName: "text"))
    var title: String?

    func validate() throws {
        if schemaPaths.isEmpty {
            throw ValidationError("Missing --schema: pass the schema's SDL file(s) or its introspection schema.json.")
        }
        if output == nil && !serve {
            throw ValidationError("Pass --output DIR to write the site, or --serve to serve it (or both).")
        }
        if !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535.") }
        if serve, let endpoint, Self.httpURL(endpoint) == nil {
            throw ValidationError("--endpoint \(endpoint): with --serve, give the server's absolute http:// or https:// URL, e.g. http://127.0.0.1:4000/graphql.")
        }
    }

    func run() async throws {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let schema: Schema
        do {
            schema = try SchemaLoader.load(schemaPaths, relativeTo: directory)
        } catch {
            Diagnostics.print(errors: error.errors, warnings: [])
            throw ExitCode.failure
        }
        let title = self.title ?? URL(fileURLWithPath: schemaPaths[0]).deletingPathExtension().lastPathComponent
        if let output {
            let outputURL = URL(fileURLWithPath: output, relativeTo: directory).standardizedFileURL
            let options = DocsSite.Options(title: title, endpoint: endpoint ?? "/graphql")
            let summary = try OutputWriter.write(try files(schema, options), to: outputURL)
            print("Wrote the docs site to \(outputURL.path) (\(summary.written.count) written, \(summary.unchanged.count) unchanged): open \(DocsSite.docsPage) or \(DocsSite.explorerPage).")
        }
        guard serve else { return }
        let upstream = Self.httpURL(endpoint ?? "http://127.0.0.1:4000/graphql") ?? URL(fileURLWithPath: "/")
        var webSocket = URLComponents(url: upstream, resolvingAgainstBaseURL: false)
        webSocket?.scheme = upstream.scheme == "https" ? "wss" : "ws"
        let options = DocsSite.Options(
            title: title, endpoint: DocsServer.proxyPath, subscriptionEndpoint: webSocket?.string, previewEndpoint: DocsServer.previewPath)
        let server = DocsServer(schema: schema, files: try files(schema, options), upstream: upstream)
        try await server.run(port: port) { port in
            FileHandle.standardOutput.write(Data(
                "Serving the docs of \(title) at http://127.0.0.1:\(port)/ and the explorer at http://127.0.0.1:\(port)/\(DocsSite.explorerPage), against \(upstream.absoluteString)\n".utf8))
        }
    }

    private func files(_ schema: Schema, _ options: DocsSite.Options) throws -> [GeneratedFile] {
        do {
            return try DocsSite.files(schema: schema, options: options)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// `text` as an absolute http(s) URL, or nil.
    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else { return nil }
        return url
    }
}
