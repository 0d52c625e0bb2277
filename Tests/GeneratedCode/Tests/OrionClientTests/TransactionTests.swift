import Foundation
import Orion
import OrionAPI
import RocketReserverAPI
import Testing

/// Reading and editing the cache directly: read and read-write transactions, fragments at a
/// record, updates in place, removals, and watchers told once per transaction.
@Suite struct TransactionTests {
    /// A store holding the LaunchDetails result for launch 110.
    private func storeWithDetails() throws -> OrionStore {
        let store = OrionStore()
        let data = try LaunchDetailsQuery.Data(jsonObject: jsonObject(CacheTests.details)["data"] as? [String: Any] ?? [:])
        try store.write(data: data, for: LaunchDetailsQuery(launchId: "110"))
        return store
    }

    private func jsonObject(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    @Test func readTransactionsReadQueriesAndFragments() throws {
        let store = try storeWithDetails()
        let data = try store.withinReadTransaction { try $0.read(query: LaunchDetailsQuery(launchId: "110")) }
        #expect(data.launch?.rocket?.name == "Falcon 9")
        #expect(throws: CacheMissError.self, "another launch is not cached") {
            try store.withinReadTransaction { try $0.read(query: LaunchDetailsQuery(launchId: "111")) }
        }
        // LaunchSummary selects `mission { name }` only, which LaunchDetails wrote.
        let summary = try store.withinReadTransaction { try $0.read(LaunchSummary.self, at: "Launch:110") }
        #expect(summary.id == "110")
        #expect(summary.site == "KSC")
        #expect(summary.mission?.name == "CRS-21")
    }

    @Test func writesInsideATransactionAreSeenByItsReadsAndLandTogether() throws {
        let store = try storeWithDetails()
        let changes = Changes()
        let id = store.subscribe { changes.add($0) }
        defer { store.unsubscribe(id) }

        try store.withinReadWriteTransaction { transaction in
            try transaction.update(query: LaunchDetailsQuery(launchId: "110")) { data in
                var json = data.jsonObject
                var launch = json["launch"] as? [String: Any] ?? [:]
                launch["isBooked"] = true
                json["launch"] = launch
                return try LaunchDetailsQuery.Data(jsonObject: json)
            }
            try transaction.updateRecord("Rocket:falcon9") { $0.fields["name"] = .value(.string("Falcon Heavy")) }
            let seen = try transaction.read(query: LaunchDetailsQuery(launchId: "110"))
            #expect(seen.launch?.isBooked == true, "a transaction reads its own writes")
            #expect(seen.launch?.rocket?.name == "Falcon Heavy")
            #expect(changes.batches.isEmpty, "nothing is merged before the transaction ends")
        }
        #expect(changes.batches == [["Launch:110.isBooked", "Rocket:falcon9.name"]], "watchers are told once, of both changes")
        let after = try store.read(query: LaunchDetailsQuery(launchId: "110"))
        #expect(after.launch?.isBooked == true)
        #expect(after.launch?.rocket?.name == "Falcon Heavy")
    }

    @Test func aFailingTransactionChangesNothing() throws {
        let store = try storeWithDetails()
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try store.withinReadWriteTransaction { transaction in
                try transaction.updateRecord("Launch:110") { $0.fields["site"] = .value(.string("VAFB")) }
                throw Abandon()
            }
        }
        #expect(try store.read(query: LaunchDetailsQuery(launchId: "110")).launch?.site == "KSC")
    }

    @Test func writingFragmentsAndRemovingObjects() throws {
        let store = try storeWithDetails()
        let summary = try LaunchSummary(jsonObject: [
            "__typename": "Launch", "id": "110", "site": "CCAFS", "isBooked": true,
            "mission": ["__typename": "Mission", "name": "CRS-22"],
        ])
        try store.withinReadWriteTransaction { try $0.write(summary, at: "Launch:110") }
        let details = try store.read(query: LaunchDetailsQuery(launchId: "110"))
        #expect(details.launch?.site == "CCAFS")
        #expect(details.launch?.mission?.name == "CRS-22")
        #expect(details.launch?.mission?.missionPatch == "https://large", "fields the fragment does not select stay")

        try store.withinReadWriteTransaction { transaction in
            transaction.removeObject(at: "Launch:110")
            #expect(throws: CacheMissError.self, "the transaction sees its removal") {
                try transaction.read(LaunchSummary.self, at: "Launch:110")
            }
        }
        #expect(throws: CacheMissError.self, "a query reaching a removed object is a miss") {
            try store.read(query: LaunchDetailsQuery(launchId: "110"))
        }
        #expect(try store.cache.loadRecords(forKeys: ["Rocket:falcon9"]).count == 1, "other records stay")
    }
}

/// Change notifications, in order.
private final class Changes: @unchecked Sendable {
    // Guarded by `lock`.
    private var stored: [Set<String>] = []
    private let lock = NSLock()

    func add(_ fields: ChangedFields) { lock.withLock { stored.append(Set(fields.map(\.description))) } }
    var batches: [Set<String>] { lock.withLock { stored } }
}
