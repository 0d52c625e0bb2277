import Foundation
import Hummingbird
import HummingbirdWebSocket

/// The RocketReserver GraphQL server: the SpaceX-launch booking API of the Apollo tutorial.
///
/// ```swift
/// let server = try RocketReserverServer(configuration: .init(port: 0))
/// try await server.run { port in print("listening on \(port)") }
/// ```
///
/// Everything is served at `/graphql`: GraphQL over HTTP (GET and POST, uploads, automatic
/// persisted queries, multipart subscriptions) and WebSocket subscriptions in both the
/// `graphql-transport-ws` and the legacy `graphql-ws` protocols; a browser that opens
/// `/graphql` gets the GraphQL explorer, and the schema's docs are at `/docs`. Uploaded profile images are
/// served at `/images/NAME`. `totalTripsBooked` counts the trips of all users. With
/// ``Configuration/safelistPath`` it runs only the operations of a persisted-query manifest.
public struct RocketReserverServer: Sendable {
    /// Where the server listens and keeps its data.
    public struct Configuration: Sendable {
        /// The address to bind, `127.0.0.1` by default.
        public var host: String
        /// The port to bind; 0 picks a free one (`run` reports which).
        public var port: Int
        /// The SQLite file for users and trips; nil for a fresh file in a temporary directory.
        public var databasePath: String?
        public var limits: ServerLimits
        /// A persisted-query manifest (`orion generate --operation-manifest`): when set, the
        /// server runs only its operations, sent by id or as their exact text, and refuses any
        /// other (safelisting); automatic persisted queries are off.
        public var safelistPath: String?

        /// A configuration; every value has a default.
        public init(
            host: String = "127.0.0.1", port: Int = 4000, databasePath: String? = nil, limits: ServerLimits = ServerLimits(),
            safelistPath: String? = nil
        ) {
            self.host = host
            self.port = port
            self.databasePath = databasePath
            self.limits = limits
            self.safelistPath = safelistPath
        }
    }

    public let configuration: Configuration
    /// The SQLite file in use.
    public let databasePath: String
    let services: ServerServices
    private let address: BoundAddress

    /// Opens the database and loads the schema, the launches and the safelist; nothing listens
    /// until `run`.
    ///
    /// - Throws: `SafelistError` for a safelist that cannot be read or is no manifest, before the
    ///   database is opened; the database's and resources' errors.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        let safelist = try configuration.safelistPath.map { path throws(SafelistError) in try Safelist.load(path: path) }
        let path = try configuration.databasePath ?? RocketReserverDatabase.temporaryPath()
        databasePath = path
        let database = try RocketReserverDatabase(path: path)
        let sdl = try ServerResources.schemaSDL()
        let checker = try DocumentChecker(sdl: sdl, name: "schema.graphqls")
        let executor = GraphQLExecutor(
            schema: try RocketReserverSchema.make(sdl: checker.schema),
            checker: checker
        )
        services = ServerServices(
            database: database,
            catalog: try LaunchCatalog(spaceXJSON: ServerResources.launchesJSON()),
            broadcaster: TripsBookedBroadcaster(),
            persistedQueries: PersistedQueries(),
            safelist: safelist,
            executor: executor,
            limits: configuration.limits
        )
        address = BoundAddress(host: configuration.host, port: configuration.port)
    }

    /// Serves until the task running it is cancelled (or, with `handlingSignals`, until
    /// SIGINT or SIGTERM), calling `onListening` with the bound port once it accepts
    /// connections.
    public func run(handlingSignals: Bool = false, onListening: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) async throws {
        let services = self.services
        let address = self.address
        let fallbackOrigin: @Sendable () -> String = { address.origin }
        let http = GraphQLHTTPHandler(services: services, fallbackOrigin: fallbackOrigin)
        let images = ImageHandler(database: services.database)

        let explorer = try ExplorerHandler(schema: services.executor.checker.schema, maxBodyBytes: configuration.limits.maxJSONBodyBytes)

        let router = Router()
        router.get("/graphql") { request, _ in
            ExplorerHandler.wantsExplorer(request) ? explorer.explorer() : await http.get(request)
        }
        router.get("/docs") { _, _ in explorer.docs(nil) }
        router.get("/docs/:name") { _, context in explorer.docs(context.parameters.get("name")) }
        router.post(RouterPath(ExplorerHandler.previewPath)) { request, _ in await explorer.preview(request) }
        router.post("/graphql") { request, _ in await http.post(request) }
        for method in [HTTPRequest.Method.put, .patch, .delete] {
            router.on("/graphql", method: method) { request, _ in http.methodNotAllowed(request) }
        }
        router.get("/images/:name") { _, context in await images.get(name: context.parameters.get("name")) }
        router.get("/") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "RocketReserver GraphQL server: POST /graphql\n"))
            )
        }

        let webSocket = WebSocketServerConfiguration(
            maxFrameSize: configuration.limits.maxWebSocketMessageBytes,
            autoPing: .enabled(timePeriod: .seconds(30))
        )
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(configuration: .init(ws: webSocket)) { head, _, _ in
                await GraphQLWebSocketUpgrade.shouldUpgrade(head, services: services, fallbackOrigin: fallbackOrigin)
            },
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                address.set(port: port)
                await onListening(port)
            }
        )
        defer {
            // Subscriptions end with the server.
            Task { await services.broadcaster.finishAll() }
        }
        if handlingSignals {
            try await app.runService()
        } else {
            try await app.run()
        }
    }

    /// The number of operations of the safelist, nil without one.
    public var safelistedOperationCount: Int? { services.safelist?.count }

    /// How many `tripsBooked` subscriptions are listening, over any transport.
    public func activeSubscriptionCount() async -> Int {
        await services.broadcaster.subscriberCount
    }

    /// Returns once the number of listening `tripsBooked` subscriptions meets `condition`, or
    /// the waiting task is cancelled: a test waits for its subscription this way before it books.
    public func waitForActiveSubscriptions(where condition: @escaping @Sendable (Int) -> Bool) async {
        await services.broadcaster.waitForSubscriberCount(condition)
    }
}
