import Foundation
import Hummingbird

/// GraphQL over HTTP at `/graphql`: POST with a JSON or multipart (upload) body, GET with
/// query parameters (queries only), automatic persisted queries or a safelist, and subscriptions as an
/// incremental `multipart/mixed` response.
struct GraphQLHTTPHandler: Sendable {
    let services: ServerServices
    /// `http://host:port` for image URLs when a request has no Host header.
    let fallbackOrigin: @Sendable () -> String

    func get(_ request: Request) async -> Response {
        let mediaType = ResponseMediaType(accept: request.headers[.accept])
        let payload: GraphQLRequestPayload
        do {
            payload = try GraphQLRequestPayload(queryParameters: QueryString.parse(request.uri.query))
        } catch {
            return GraphQLResponses.problem(error, mediaType: mediaType)
        }
        return await run(payload, uploads: [:], isGET: true, request: request, mediaType: mediaType)
    }

    func post(_ request: Request) async -> Response {
        let mediaType = ResponseMediaType(accept: request.headers[.accept])
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        do {
            if contentType.hasPrefix("multipart/form-data") {
                let body = try await readBody(request, limit: services.limits.maxMultipartBodyBytes)
                let multipart = try MultipartRequest(contentType: request.headers[.contentType] ?? "", body: Data(body.readableBytesView))
                return await run(multipart.payload, uploads: multipart.uploads, isGET: false, request: request, mediaType: mediaType)
            }
            // No Content-Type is taken as JSON, as most GraphQL servers do.
            guard contentType.isEmpty || contentType.contains("json") else {
                throw RequestProblem(status: 415, message: "Send GraphQL requests as application/json (or multipart/form-data for uploads).")
            }
            let body = try await readBody(request, limit: services.limits.maxJSONBodyBytes)
            let json = try GraphQLRequestPayload.parseJSON(Data(body.readableBytesView))
            if case .array = json {
                throw RequestProblem.badRequest("Batched operations are not supported: send one operation per request.")
            }
            return await run(try GraphQLRequestPayload(json: json), uploads: [:], isGET: false, request: request, mediaType: mediaType)
        } catch let problem as RequestProblem {
            return GraphQLResponses.problem(problem, mediaType: mediaType)
        } catch {
            // The connection failed while the body was read.
            return GraphQLResponses.problem(.badRequest("The request body could not be read."), mediaType: mediaType)
        }
    }

    /// Any other method on `/graphql`.
    func methodNotAllowed(_ request: Request) -> Response {
        GraphQLResponses.problem(
            RequestProblem(status: 405, message: "Use GET or POST for GraphQL requests."),
            mediaType: ResponseMediaType(accept: request.headers[.accept]),
            headers: [.allow: "GET, POST"]
        )
    }

    private func readBody(_ request: Request, limit: Int) async throws -> ByteBuffer {
        guard let body = try await BodyReader.read(request.body, limit: limit) else {
            var problem = RequestProblem(status: 413, message: "The request body is larger than the limit of \(limit) bytes.")
            problem.code = ErrorCode.payloadTooLarge
            throw problem
        }
        return body
    }

    private func run(
        _ payload: GraphQLRequestPayload, uploads: [String: UploadedFile], isGET: Bool, request: Request, mediaType: ResponseMediaType
    ) async -> Response {
        let query: String?
        let registers: Bool
        switch await services.resolveQuery(payload) {
        case .query(let text, let register):
            query = text
            registers = register
        case .refused(let error, let status):
            return GraphQLResponses.json(ResponseJSON.response(.requestErrors([error])), status: HTTPResponse.Status(code: status), mediaType: mediaType)
        }
        guard let query, !query.isEmpty else {
            return GraphQLResponses.problem(.badRequest("The request has no \"query\": send the GraphQL document as \"query\"."), mediaType: mediaType)
        }
        let kind: OperationKind
        switch services.executor.check(query: query, operationName: payload.operationName) {
        case .success(let checked): kind = checked
        case .failure(let failure): return GraphQLResponses.outcome(.requestErrors(failure.errors), mediaType: mediaType)
        }
        if registers, let hash = payload.persistedQueryHash {
            await services.persistedQueries.register(hash: hash, query: query)
        }
        if isGET && kind == .mutation {
            return GraphQLResponses.problem(
                RequestProblem(status: 405, message: "Mutations cannot be sent with GET: use POST."),
                mediaType: mediaType,
                headers: [.allow: "POST"]
            )
        }
        let user = await services.user(token: AuthorizationToken.parse(request.headers[.authorization]))
        let origin = request.head.authority.map { "http://" + $0 } ?? fallbackOrigin()
        let context = ResolverContext(services: services, user: user, uploads: uploads, origin: origin)
        if kind == .subscription {
            guard ResponseMediaType.acceptsMultipartSubscription(request.headers[.accept]) else {
                return GraphQLResponses.problem(
                    .badRequest("Subscriptions over HTTP need Accept: multipart/mixed;subscriptionSpec=1.0 (or use the WebSocket at this path)."),
                    mediaType: mediaType
                )
            }
            switch await services.executor.subscribe(query: query, operationName: payload.operationName, variables: payload.variables, context: context) {
            case .success(let events):
                return MultipartSubscriptionResponse.response(events: events, heartbeat: services.limits.heartbeatInterval)
            case .failure(let failure):
                return GraphQLResponses.outcome(.requestErrors(failure.errors), mediaType: mediaType)
            }
        }
        let outcome = await services.executor.execute(query: query, operationName: payload.operationName, variables: payload.variables, context: context)
        return GraphQLResponses.outcome(outcome, mediaType: mediaType)
    }
}
