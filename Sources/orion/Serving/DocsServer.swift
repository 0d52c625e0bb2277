import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import OrionCodegen
import OrionCompiler

/// What `orion docs --serve` runs: the site's files, the explorer's Swift preview, and a proxy
/// of GraphQL requests to the endpoint, on 127.0.0.1.
///
/// The proxy keeps the explorer same-origin, so any endpoint works without CORS headers;
/// subscriptions go to the endpoint's WebSocket directly (browsers do not restrict WebSocket
/// origins the way they do fetches).
struct DocsServer: Sendable {
    /// Where the page sends GraphQL requests, forwarded to the upstream endpoint.
    static let proxyPath = "/graphql"
    /// Where the page asks for the generated-Swift preview.
    static let previewPath = "/preview"
    /// The largest request body forwarded or previewed, as the RocketReserver server's JSON limit.
    static let maxBodyBytes = 1 << 20

    let schema: Schema
    let files: [GeneratedFile]
    let upstream: URL

    /// Serves until the task is cancelled or the process interrupted, calling `onListening`
    /// with the bound port.
    func run(port: Int, onListening: @Sendable (Int) -> Void) async throws {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                }
            }
        onListening(channel.channel.localAddress?.port ?? port)
        try await withThrowingTaskGroup(of: Void.self) { group in
            try await channel.executeThenClose { connections in
                for try await connection in connections {
                    group.addTask { await serve(connection) }
                }
            }
        }
    }

    /// Answers the requests of one connection in turn.
    private func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ByteBuffer()
            var tooLarge = false
            for try await part in inbound {
                switch part {
                case .head(let requestHead):
                    head = requestHead
                    body.clear()
                    tooLarge = false
                case .body(var chunk):
                    // Beyond the limit the body is dropped, and answered 413 at its end.
                    if body.readableBytes + chunk.readableBytes <= Self.maxBodyBytes { body.writeBuffer(&chunk) } else { tooLarge = true }
                case .end:
                    guard let request = head else { continue }
                    let response = tooLarge
                        ? Response.text(.payloadTooLarge, "The request is larger than \(Self.maxBodyBytes) bytes.\n")
                        : await respond(to: request, body: Array(body.readableBytesView))
                    var headers = HTTPHeaders([("Content-Type", response.contentType), ("Content-Length", String(response.body.count))])
                    if !request.isKeepAlive { headers.add(name: "Connection", value: "close") }
                    try await outbound.write(.head(HTTPResponseHead(version: request.version, status: response.status, headers: headers)))
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: response.body))))
                    try await outbound.write(.end(nil))
                    if !request.isKeepAlive { return }
                }
            }
        }
    }

    private struct Response {
        var status: HTTPResponseStatus
        var contentType: String
        var body: [UInt8]

        static func text(_ status: HTTPResponseStatus, _ text: String) -> Response {
            Response(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
        }
    }

    private func respond(to request: HTTPRequestHead, body: [UInt8]) async -> Response {
        let path = String(request.uri.split(separator: "?", maxSplits: 1).first ?? "/")
        switch (request.method, path) {
        case (.POST, Self.previewPath):
            guard let text = SwiftPreview.operationText(requestBody: body) else {
                return .text(.badRequest, "Send the operation as JSON: {\"query\": \"query Name { ... }\"}.\n")
            }
            return Response(status: .ok, contentType: "application/json", body: Array(SwiftPreview.responseJSON(operationText: text, schema: schema).utf8))
        case (.POST, Self.proxyPath):
            return await forward(request, body: body)
        case (.GET, "/"), (.GET, Self.proxyPath):
            let page = path == "/" ? DocsSite.docsPage : DocsSite.explorerPage
            return file(page) ?? .text(.notFound, "No page \(page).\n")
        case (.GET, _):
            return file(String(path.dropFirst())) ?? .text(.notFound, "Nothing at \(path): the docs are at /, the explorer at /\(DocsSite.explorerPage).\n")
        default:
            return .text(.methodNotAllowed, "\(request.method) \(path) is not served: GET the pages, POST operations to \(Self.proxyPath).\n")
        }
    }

    private func file(_ name: String) -> Response? {
        guard let file = files.first(where: { $0.path == name }) else { return nil }
        return Response(status: .ok, contentType: DocsAssets.contentType(of: name), body: Array(file.contents.utf8))
    }

    /// The request sent on to the upstream endpoint with its headers (but those of this hop),
    /// and the endpoint's answer returned as it came.
    private func forward(_ request: HTTPRequestHead, body: [UInt8]) async -> Response {
        var upstreamRequest = URLRequest(url: upstream)
        upstreamRequest.httpMethod = "POST"
        upstreamRequest.httpBody = Data(body)
        let hopHeaders: Set<String> = ["host", "content-length", "connection", "origin", "referer", "accept-encoding", "keep-alive", "transfer-encoding"]
        for header in request.headers where !hopHeaders.contains(header.name.lowercased()) {
            upstreamRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        do {
            let (data, response) = try await URLSession.shared.data(for: upstreamRequest)
            let http = response as? HTTPURLResponse
            return Response(
                status: HTTPResponseStatus(statusCode: http?.statusCode ?? 502),
                contentType: http?.value(forHTTPHeaderField: "Content-Type") ?? "application/json", body: Array(data))
        } catch {
            return .text(.badGateway, "The endpoint \(upstream.absoluteString) did not answer: \(error.localizedDescription). Is it running?\n")
        }
    }
}
