import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Orion
import OrionAPI
import Testing

/// Hand-written operations for watcher tests, the way code generation writes them: items
/// (`Item:0` …) with a `version` every write stamps.
enum WatchedItems {
    static let count = 8

    enum Metadata: SchemaMetadata {
        static let item = ObjectType(typename: "Item", keyFields: ["id"])
        static func objectType(forTypename typename: String) -> ObjectType? { typename == "Item" ? item : nil }
    }

    /// `{ __typename id version }`
    struct Item: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(Metadata.item), [.field("__typename", String.self), .field("id", String.self), .field("version", Int.self)])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var id: String { __data[1] }
        var version: Int { __data[2] }
    }

    /// `query One($id: ID!) { item(id: $id) { __typename id version } }`: one record.
    struct OneQuery: GraphQLQuery, Hashable {
        static let __operation = OperationMetadata("One", schema: Metadata.self, document: OperationDocument(text: "query One($id: ID!) { item(id: $id) { __typename id version } }", identifier: ""))

        var id: String
        var __variables: [String: JSONValue] { ["id": .string(id)] }

        struct Data: RootSelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("item", Item?.self, arguments: ["id": .variable("id")])])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var item: Item? { __data[0] }
        }
    }

    /// `query All { items { __typename id version } }`: every item, one record each.
    struct AllQuery: GraphQLQuery, Hashable {
        static let __operation = OperationMetadata("All", schema: Metadata.self, document: OperationDocument(text: "query All { items { __typename id version } }", identifier: ""))

        var __variables: [String: JSONValue] { [:] }

        struct Data: RootSelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.object(ObjectType(typename: "Query")), [.field("items", [Item].self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var items: [Item] { __data[0] }
        }
    }

    static func itemJSON(_ index: Int, version: Int) -> String {
        #"{"__typename": "Item", "id": "\#(index)", "version": \#(version)}"#
    }

    static func allJSON(version: Int, count: Int = count) -> String {
        #"{"items": [\#((0..<count).map { itemJSON($0, version: version) }.joined(separator: ", "))]}"#
    }

    static func oneJSON(_ index: Int, version: Int) -> String {
        #"{"item": \#(itemJSON(index, version: version))}"#
    }

    /// Writes every query's data at `version` as a server response would.
    static func seed(_ store: OrionStore, version: Int = 0) throws {
        try store.write(data: ResponseObject(jsonData: Data(allJSON(version: version).utf8)), for: AllQuery())
        for index in 0..<count {
            try store.write(data: ResponseObject(jsonData: Data(oneJSON(index, version: version).utf8)), for: OneQuery(id: String(index)))
        }
    }

    /// Stamps `version` on every item in one transaction: readers see all of it or none.
    static func stampAll(_ store: OrionStore, version: Int) throws {
        try store.withinReadWriteTransaction { transaction in
            for index in 0..<count {
                try transaction.updateRecord("Item:\(index)") { $0.fields["version"] = .value(.int(version)) }
            }
        }
    }
}

/// A server that answers every query with the items at its current version, and counts requests.
final class ItemServer: HTTPClient {
    private let state = Mutex((version: 0, requests: 0))
    /// The responses' `Cache-Control: max-age`, if any: 0 makes what they write stale at once.
    let maxAge: Int?

    init(maxAge: Int? = nil) {
        self.maxAge = maxAge
    }

    var version: Int {
        get { state.withLock { $0.version } }
        set { state.withLock { $0.version = newValue } }
    }

    var requests: Int { state.withLock { $0.requests } }

    func send(_ request: URLRequest, bodyFile: URL?) async throws -> (Data, HTTPURLResponse) {
        let version = state.withLock { state in
            state.requests += 1
            return state.version
        }
        let body = request.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        let data: String
        if body?["operationName"] as? String == "One", let variables = body?["variables"] as? [String: Any],
           let id = variables["id"] as? String, let index = Int(id) {
            data = WatchedItems.oneJSON(index, version: version)
        } else {
            data = WatchedItems.allJSON(version: version)
        }
        let url = try #require(request.url)
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: maxAge.map { ["Cache-Control": "max-age=\($0)"] }))
        return (Data(#"{"data": \#(data)}"#.utf8), response)
    }
}

extension OrionClient {
    /// A client of `server` over `store`, with the default interceptors.
    static func items(_ server: ItemServer, store: OrionStore) throws -> OrionClient {
        let url = try #require(URL(string: "http://items.invalid/graphql"))
        let transport = RequestChainNetworkTransport(url: url, interceptorProvider: DefaultInterceptorProvider(), client: server)
        return OrionClient(networkTransport: transport, store: store)
    }
}

/// What a watcher delivered, in order, and a way to wait for a delivery by event.
final class Recorder<Value: Sendable>: Sendable {
    private struct Waiter {
        let id: UUID
        let predicate: @Sendable ([Value]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var values: [Value] = []
        var failures: [String] = []
        var waiters: [Waiter] = []
    }

    private let state = Mutex(State())

    func add(_ value: Value) {
        let ready = state.withLock { state in
            state.values.append(value)
            let values = state.values
            let ready = state.waiters.filter { $0.predicate(values) }
            state.waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    func fail(_ message: String) {
        state.withLock { $0.failures.append(message) }
    }

    var values: [Value] { state.withLock { $0.values } }
    var failures: [String] { state.withLock { $0.failures } }

    /// Waits until the deliveries satisfy `predicate`: true when they do, false if they still do
    /// not after `seconds`, a bound for a test that fails, not a way to synchronize.
    func wait(seconds: Double = 20, until predicate: @escaping @Sendable ([Value]) -> Bool) async -> Bool {
        let id = UUID()
        let timeout = Task { [state] in
            guard (try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))) != nil else { return }
            let expired = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            expired?.continuation.resume(returning: false)
        }
        defer { timeout.cancel() }
        return await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if predicate(state.values) { return true }
                state.waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
                return false
            }
            if done { continuation.resume(returning: true) }
        }
    }
}
