import Foundation
import Orion
import OrionAPI
import RocketReserverAPI
import Testing

/// Optimistic updates against the RocketReserver server: a watcher shows the expected data
/// before the server answers, then the server's truth; a refused mutation rolls back; layers of
/// overlapping mutations resolve in either order. Each mutation is held by an interceptor until
/// the test lets it go, so "before the server answers" is an event, not a race.
@Suite struct OptimisticUpdateTests {
    /// Holds each request of a mutation in the `prepare` phase until the test releases it.
    actor MutationGate {
        private var released: [String: Int] = [:]
        private var waiting: [(name: String, continuation: CheckedContinuation<Void, Never>)] = []
        /// How many mutations of each name have reached the gate.
        private(set) var arrived: [String: Int] = [:]
        private var arrivalWaiters: [(name: String, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        func pass(_ name: String) async {
            arrived[name, default: 0] += 1
            let ready = arrivalWaiters.filter { $0.name == name && $0.count <= arrived[name, default: 0] }
            arrivalWaiters.removeAll { $0.name == name && $0.count <= arrived[name, default: 0] }
            for waiter in ready { waiter.continuation.resume() }
            if released[name, default: 0] > 0 {
                released[name, default: 0] -= 1
                return
            }
            await withCheckedContinuation { waiting.append((name, $0)) }
        }

        /// Lets one held (or the next) mutation called `name` go on to the server.
        func release(_ name: String) {
            if let index = waiting.firstIndex(where: { $0.name == name }) {
                waiting.remove(at: index).continuation.resume()
            } else {
                released[name, default: 0] += 1
            }
        }

        /// Returns once `count` mutations called `name` have reached the gate.
        func waitForArrival(of name: String, count: Int = 1) async {
            if arrived[name, default: 0] >= count { return }
            await withCheckedContinuation { arrivalWaiters.append((name, count, $0)) }
        }
    }

    struct GateInterceptor: Interceptor {
        let gate: MutationGate

        func prepare<Operation: GraphQLOperation>(_ request: HTTPRequest<Operation>) async throws -> HTTPRequest<Operation> {
            if Operation.operationType == .mutation && Operation.operationName != "Login" { await gate.pass(Operation.operationName) }
            return request
        }
    }

    private static func client(_ server: RocketReserverProcess, gate: MutationGate, tokens: TokenStore) -> OrionClient {
        let provider = DefaultInterceptorProvider(prepending: [TokenAuthorization(tokens: tokens), GateInterceptor(gate: gate)])
        return OrionClient(networkTransport: RequestChainNetworkTransport(url: server.url, interceptorProvider: provider))
    }

    private static func booked(_ launch: String, _ isBooked: Bool) throws -> BookTripMutation.Data {
        try BookTripMutation.Data(jsonObject: ["bookTrips": [
            "__typename": "TripUpdateResponse", "success": true, "message": NSNull(),
            "launches": [["__typename": "Launch", "id": launch, "isBooked": isBooked]],
        ]])
    }

    private static func isBooked(_ deliveries: WatcherTests.Deliveries) throws -> [Bool?] {
        try deliveries.all.map { try $0.get().data?.launch?.isBooked }
    }

    @Test func aWatcherSeesTheBookingBeforeTheServerAnswersAndTheRollbackWhenItRefuses() async throws {
        let server = try await RocketReserverProcess()
        let gate = MutationGate()
        let client = Self.client(server, gate: gate, tokens: TokenStore())
        let deliveries = WatcherTests.Deliveries()
        let watcher = client.watch(query: LaunchDetailsQuery(launchId: "90"), queue: .global()) { deliveries.add($0) }
        defer { watcher.cancel() }
        await deliveries.wait(for: 1)

        // Not logged in: the server will refuse.
        let booking = Task { try await client.perform(mutation: BookTripMutation(id: "90"), optimisticResponse: try Self.booked("90", true)) }
        await gate.waitForArrival(of: "BookTrip")
        await deliveries.wait(for: 2)
        #expect(try Self.isBooked(deliveries) == [false, true], "shown while the mutation has not reached the server")
        #expect(client.store.optimisticLayerCount == 1)

        await gate.release("BookTrip")
        let refused = try await booking.value
        #expect(refused.errors?.isEmpty == false, "the server refused: not logged in")
        await deliveries.wait(for: 3)
        #expect(try Self.isBooked(deliveries) == [false, true, false], "rolled back")
        #expect(client.store.optimisticLayerCount == 0)
        #expect(try await client.fetch(query: LaunchDetailsQuery(launchId: "90"), cachePolicy: .returnCacheDataDontFetch).data?.launch?.isBooked == false)
    }

    @Test func anAcceptedBookingGoesFromTheExpectedDataToTheServersWithoutShowingTheOld() async throws {
        let server = try await RocketReserverProcess()
        let gate = MutationGate()
        let tokens = TokenStore()
        let client = Self.client(server, gate: gate, tokens: tokens)
        await tokens.set(try #require(try await client.perform(mutation: LoginMutation(email: "optimist@example.com")).data?.login?.token))
        let deliveries = WatcherTests.Deliveries()
        let watcher = client.watch(query: LaunchDetailsQuery(launchId: "91"), queue: .global()) { deliveries.add($0) }
        defer { watcher.cancel() }
        await deliveries.wait(for: 1)

        await gate.release("BookTrip")
        let booked = try await client.perform(mutation: BookTripMutation(id: "91"), optimisticResponse: try Self.booked("91", true))
        #expect(booked.data?.bookTrips.success == true)
        #expect(client.store.optimisticLayerCount == 0)
        await deliveries.wait(for: 2)
        #expect(try Self.isBooked(deliveries).allSatisfy { $0 != nil })
        #expect(try Self.isBooked(deliveries).dropFirst().allSatisfy { $0 == true }, "never back to the data from before")
        let truth = try await client.fetch(query: LaunchDetailsQuery(launchId: "91"), cachePolicy: .fetchIgnoringCacheCompletely)
        #expect(truth.data?.launch?.isBooked == true)
    }

    /// A booking and a cancellation of the same launch, both pending with their optimistic
    /// layers, answered by the server in one order or the other: the cache ends at what the
    /// server says, with no layer left.
    @Test(arguments: [true, false])
    func overlappingMutationsResolveToTheServersTruth(bookingFirst: Bool) async throws {
        let server = try await RocketReserverProcess()
        let gate = MutationGate()
        let tokens = TokenStore()
        let client = Self.client(server, gate: gate, tokens: tokens)
        await tokens.set(try #require(try await client.perform(mutation: LoginMutation(email: "overlap@example.com")).data?.login?.token))
        let query = LaunchDetailsQuery(launchId: "92")
        _ = try await client.fetch(query: query)

        let booking = Task { try await client.perform(mutation: BookTripMutation(id: "92"), optimisticResponse: try Self.booked("92", true)) }
        await gate.waitForArrival(of: "BookTrip")
        // The closure form: edits the record the watcher reads, in a layer over the booking's.
        let cancelling = Task {
            try await client.perform(mutation: CancelTripMutation(launchId: "92")) { transaction in
                try transaction.updateRecord("Launch:92") { $0.fields["isBooked"] = .value(.bool(false)) }
            }
        }
        await gate.waitForArrival(of: "CancelTrip")
        #expect(client.store.optimisticLayerCount == 2)
        #expect(try client.store.read(query: query).launch?.isBooked == false, "the later layer shows on top")

        let order = bookingFirst ? ["BookTrip", "CancelTrip"] : ["CancelTrip", "BookTrip"]
        for name in order {
            await gate.release(name)
            // Answered before the next goes: the server runs them in this order.
            if name == "BookTrip" { _ = try await booking.value } else { _ = try await cancelling.value }
        }
        #expect(client.store.optimisticLayerCount == 0)
        let truth = try await client.fetch(query: query, cachePolicy: .fetchIgnoringCacheCompletely)
        #expect(truth.data?.launch?.isBooked == !bookingFirst, "booked then cancelled, or cancelled (nothing to cancel) then booked")
        #expect(try client.store.read(query: query).launch?.isBooked == truth.data?.launch?.isBooked, "the cache holds the server's truth")
    }
}
