import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Orion
import OrionAPI
import Testing

/// The client owns its cache: it reads it by one plan per policy and writes every server result,
/// HTTP or subscription, with one writer.
struct ClientCacheTests {
    typealias All = WatchedItems.AllQuery

    /// The README's shape: a transport built with interceptors of the app's own, and a store
    /// given to the client. The store the client was given is the one answered from and written.
    @Test func theStoreGivenToTheClientIsTheOneReadAndWritten() async throws {
        let server = ItemServer()
        let store = OrionStore()
        let url = try #require(URL(string: "http://items.invalid/graphql"))
        let transport = RequestChainNetworkTransport(
            url: url, interceptorProvider: DefaultInterceptorProvider(prepending: [HeaderInterceptor()]), client: server)
        let client = OrionClient(networkTransport: transport, store: store)

        let first = try await client.fetch(query: All())
        #expect(first.source == .server)
        #expect(try store.read(query: All()).items.count == WatchedItems.count)
        let second = try await client.fetch(query: All())
        #expect(second.source == .cache)
        #expect(server.requests == 1)
    }

    /// Each policy, on an empty cache and on one that holds the data: the results' sources in
    /// order, the requests sent, and whether the server's data reached the cache.
    @Test(arguments: [
        (CachePolicy.returnCacheDataElseFetch, false, [GraphQLResult<All.Data>.Source.server], 1, true),
        (.returnCacheDataElseFetch, true, [.cache], 0, false),
        (.returnCacheDataDontFetch, true, [.cache], 0, false),
        (.returnCacheDataAndFetch, false, [.server], 1, true),
        (.returnCacheDataAndFetch, true, [.cache, .server], 1, true),
        (.fetchIgnoringCacheData, false, [.server], 1, true),
        (.fetchIgnoringCacheData, true, [.server], 1, true),
        (.fetchIgnoringCacheCompletely, false, [.server], 1, false),
        (.fetchIgnoringCacheCompletely, true, [.server], 1, false),
    ])
    func policies(policy: CachePolicy, seeded: Bool, sources: [GraphQLResult<All.Data>.Source], requests: Int, writes: Bool) async throws {
        let server = ItemServer()
        server.version = 7
        let store = OrionStore()
        if seeded { try WatchedItems.seed(store, version: 1) }
        let client = try OrionClient.items(server, store: store)

        var received: [GraphQLResult<All.Data>.Source] = []
        for try await result in client.fetchResults(query: All(), cachePolicy: policy) { received.append(result.source) }
        #expect(received == sources)
        #expect(server.requests == requests)
        let cached = try? store.read(query: All()).items.first?.version
        #expect(cached == (writes ? 7 : seeded ? 1 : nil))
    }

    @Test func aMissIsTheErrorWhenThePolicySaysNotToFetch() async throws {
        let server = ItemServer()
        let client = try OrionClient.items(server, store: OrionStore())
        await #expect(throws: CacheMissError.self) { try await client.fetch(query: All(), cachePolicy: .returnCacheDataDontFetch) }
        #expect(server.requests == 0)
    }

    @Test func onlyQueriesReadTheCache() {
        for policy in [CachePolicy.returnCacheDataElseFetch, .returnCacheDataDontFetch, .returnCacheDataAndFetch] {
            #expect(CachePlan(policy, for: .query).readsCache)
            for type in [GraphQLOperationType.mutation, .subscription] {
                let plan = CachePlan(policy, for: type)
                #expect(!plan.readsCache && plan.fetchesOnMiss && plan.writesResult, "\(policy) for a \(type)")
            }
        }
        #expect(!CachePlan(.fetchIgnoringCacheCompletely, for: .subscription).writesResult)
    }

    /// Subscription events are written by the writer a query's result is: watchers see them, and
    /// `.fetchIgnoringCacheCompletely` leaves the cache alone.
    @Test(arguments: [CachePolicy.fetchIgnoringCacheData, .fetchIgnoringCacheCompletely])
    func subscriptionEventsAreWrittenByTheSameWriter(policy: CachePolicy) async throws {
        let store = OrionStore()
        let client = OrionClient(networkTransport: EventTransport(events: [WatchedItems.oneJSON(3, version: 1), WatchedItems.oneJSON(3, version: 2)]), store: store)
        var versions: [Int?] = []
        for try await result in client.subscribe(subscription: ItemChanged(), cachePolicy: policy) {
            versions.append(result.data?.item?.version)
            #expect(result.dataObject == nil, "the response is let go once written")
        }
        #expect(versions == [1, 2])
        let cached = try store.cache.loadRecord(forKey: "Item:3")?.fields["version"]
        #expect(cached == (policy == .fetchIgnoringCacheCompletely ? nil : .value(.int(2))))
    }

    /// A transport that builds its results in code (a test double, a local resolver) hands the
    /// client no response: the model itself is written.
    @Test func resultsBuiltInCodeAreWritten() async throws {
        let store = OrionStore()
        let client = OrionClient(networkTransport: ModelTransport(), store: store)
        let result = try await client.fetch(query: WatchedItems.OneQuery(id: "5"), cachePolicy: .fetchIgnoringCacheData)
        #expect(result.cacheWriteError == nil)
        #expect(try store.read(query: WatchedItems.OneQuery(id: "5")).item?.version == 9)
    }

    /// A cache that cannot be written loses nothing: the caller gets the server's data, with the
    /// cache's failure beside it.
    @Test func aCacheThatCannotBeWrittenStillDeliversTheServersData() async throws {
        let server = ItemServer()
        server.version = 4
        let client = try OrionClient.items(server, store: OrionStore(cache: UnwritableCache()))
        let result = try await client.fetch(query: All())
        #expect(result.data?.items.map(\.version) == Array(repeating: 4, count: WatchedItems.count))
        #expect(result.source == .server)
        #expect(result.cacheWriteError is UnwritableCache.Failure)
    }
}

/// Adds a header, as an app's authorization interceptor does.
private struct HeaderInterceptor: Interceptor {
    func intercept<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>, next: Next<Operation>) async throws -> HTTPResponse<Operation> {
        var request = request
        request.headers["Authorization"] = "Bearer t"
        return try await next(request)
    }
}

/// `subscription ItemChanged { item(id: "3") { __typename id version } }`.
private struct ItemChanged: GraphQLSubscription {
    static let __operation = OperationMetadata("ItemChanged", schema: WatchedItems.Metadata.self, document: OperationDocument(text: #"subscription ItemChanged { item(id: "3") { __typename id version } }"#, identifier: ""))
    var __variables: [String: JSONValue] { [:] }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Subscription")), [.field("item", WatchedItems.Item?.self, arguments: ["id": .value(.string("3"))])])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var item: WatchedItems.Item? { __data[0] }
    }
}

/// Sends each of `events` as a subscription result, parsed as a transport parses one.
private struct EventTransport: SubscriptionNetworkTransport {
    let events: [String]

    func send<Operation: GraphQLOperation>(_ operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
        throw SubscriptionError.unsupportedTransport("EventTransport")
    }

    func subscribe<Subscription: GraphQLSubscription, Element: Sendable>(
        _ subscription: Subscription, transform: @escaping @Sendable (SubscriptionEvent<Subscription.Data>) -> Element
    ) -> AsyncThrowingStream<Element, any Error> {
        let events = events
        return AsyncThrowingStream { continuation in
            do {
                for event in events {
                    continuation.yield(transform(try SubscriptionEvent.parse(Data(#"{"data": \#(event)}"#.utf8), for: subscription)))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }
}

/// Answers with a model built in code, as a local resolver would: no response object.
private struct ModelTransport: NetworkTransport {
    func send<Operation: GraphQLOperation>(_ operation: Operation, files: [GraphQLFile]) async throws -> GraphQLResult<Operation.Data> {
        let object = try ResponseObject(jsonData: Data(WatchedItems.oneJSON(5, version: 9).utf8))
        let data = try Operation.Data(responseObject: object)
        return GraphQLResult(data: data, errors: nil, extensions: nil, source: .server)
    }
}

/// A cache whose writes fail, as a read-only file's do; reads find nothing.
private struct UnwritableCache: NormalizedCache {
    struct Failure: Error {}

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] { [:] }
    func merge(records: RecordSet) throws -> ChangedFields { throw Failure() }
    func removeRecords(forKeys keys: Set<CacheKey>) throws { throw Failure() }
    func allKeys() throws -> Set<CacheKey> { [] }
    func clear() throws { throw Failure() }
}
