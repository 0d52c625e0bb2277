import Foundation
@testable import OrionCache
import OrionAPI
import Testing

/// The cache as text for a developer: every record with its fields, references and expiries,
/// and a line per write naming what changed.
@Suite struct StoreDebuggingTests {
    @Test func aDumpListsEveryRecordWithItsFieldsReferencesAndExpiries() throws {
        let store = OrionStore()
        let stale = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try store.merge(records: [
            "Launch:110": Record(key: "Launch:110", fields: [
                "site": .value(.string("KSC \"39A\"")), "isBooked": .value(.bool(true)), "rocket": .reference("Rocket:falcon9"),
                "tags": .list([.value(.int(1)), .reference("Tag:a")]),
            ], expirations: ["site": stale]),
            "Rocket:falcon9": Record(key: "Rocket:falcon9", fields: ["name": .value(.string("Falcon 9"))]),
        ])
        #expect(try store.dump() == """
            Launch:110
              isBooked: true
              rocket: -> Rocket:falcon9
              site: "KSC \\"39A\\"" (stale after 2027-01-15T08:00:00Z)
              tags: [1, -> Tag:a]
            Rocket:falcon9
              name: "Falcon 9"

            """)
        #expect(try OrionStore().dump() == "")
    }

    @Test func eachWriteIsLoggedWithTheFieldsItChanged() throws {
        let store = OrionStore()
        let lines = Mutex<[String]>([])
        let logging = store.logChanges { line in lines.withLock { $0.append(line) } }
        _ = try store.merge(records: ["Launch:1": Record(key: "Launch:1", fields: ["site": .value(.string("KSC")), "id": .value(.string("1"))])])
        _ = try store.merge(records: ["Launch:1": Record(key: "Launch:1", fields: ["site": .value(.string("KSC"))])])  // changes nothing
        try store.withinReadWriteTransaction { transaction in
            try transaction.updateRecord("Launch:1") { $0.fields["site"] = .value(.string("VAFB")) }
            try transaction.updateRecord("Launch:2") { $0.fields["id"] = .value(.string("2")) }
        }
        store.unsubscribe(logging)
        _ = try store.merge(records: ["Launch:3": Record(key: "Launch:3", fields: ["id": .value(.string("3"))])])
        #expect(lines.withLock { $0 } == ["write 1: Launch:1 {id, site}", "write 2: Launch:1 {site}, Launch:2 {id}"])
    }
}
