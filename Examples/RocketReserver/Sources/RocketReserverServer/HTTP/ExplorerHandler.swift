import Hummingbird
import OrionCodegen
import OrionCompiler

/// The schema's docs and the GraphQL explorer, served by the server itself so that they work
/// offline: the explorer at `GET /graphql` when a browser asks for HTML, the docs at `/docs`,
/// their assets under `/docs/`, and the explorer's generated-Swift preview at
/// `POST /docs/preview` (what `orion generate` writes for the operation).
struct ExplorerHandler: Sendable {
    static let prefix = "/docs/"
    static let previewPath = "/docs/preview"

    private let schema: Schema
    private let maxBodyBytes: Int
    private let files: [String: String]

    /// The pages for `schema`, built once.
    ///
    /// - Throws: `DocsAssetError` when OrionCodegen's resource bundle is missing.
    init(schema: Schema, maxBodyBytes: Int) throws {
        self.schema = schema
        self.maxBodyBytes = maxBodyBytes
        let options = DocsSite.Options(title: "RocketReserver", endpoint: "/graphql", previewEndpoint: Self.previewPath, assetPrefix: Self.prefix)
        files = Dictionary(try DocsSite.files(schema: schema, options: options).map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether a `GET /graphql` is a browser's visit rather than a query: it accepts HTML and
    /// sends no operation.
    static func wantsExplorer(_ request: Request) -> Bool {
        guard let accept = request.headers[.accept]?.lowercased(), accept.contains("text/html") else { return false }
        return !(request.uri.query ?? "").contains("query=") && !(request.uri.query ?? "").contains("extensions=")
    }

    func explorer() -> Response {
        file(DocsSite.explorerPage)
    }

    /// `/docs` (the docs page) or `/docs/NAME` (a page or an asset).
    func docs(_ name: String?) -> Response {
        file(name ?? DocsSite.docsPage)
    }

    func preview(_ request: Request) async -> Response {
        guard let body = try? await BodyReader.read(request.body, limit: maxBodyBytes),
              let text = SwiftPreview.operationText(requestBody: Array(body.readableBytesView))
        else {
            return plain(.badRequest, "Send the operation as JSON, at most \(maxBodyBytes) bytes: {\"query\": \"query Name { ... }\"}.\n")
        }
        let json = SwiftPreview.responseJSON(operationText: text, schema: schema)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    private func file(_ name: String) -> Response {
        guard let contents = files[name] else {
            return plain(.notFound, "Nothing at \(Self.prefix)\(name): the docs are at /docs, the explorer at /graphql (in a browser).\n")
        }
        return Response(status: .ok, headers: [.contentType: DocsAssets.contentType(of: name)], body: ResponseBody(byteBuffer: ByteBuffer(string: contents)))
    }

    private func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
