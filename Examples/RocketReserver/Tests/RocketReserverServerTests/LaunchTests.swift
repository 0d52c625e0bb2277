import Foundation
import Testing

/// `launch(id:)` and the fields of a launch, against the raw SpaceX data.
@Suite struct LaunchTests {
    @Test func launchFieldsComeFromTheSpaceXRecord() async throws {
        let record = try SharedData.launchRecord(flightNumber: 1)
        try await withServer { server in
            let data = try await server.client.data("""
                { launch(id: "1") {
                    id site isBooked
                    mission { name small: missionPatch(size: SMALL) large: missionPatch(size: LARGE) plain: missionPatch }
                    rocket { id name type }
                } }
                """)
            #expect(dig(data, "launch", "id") as? String == "1")
            #expect(dig(data, "launch", "site") as? String == dig(record, "launch_site", "site_name") as? String)
            #expect(dig(data, "launch", "isBooked") as? Bool == false)
            #expect(dig(data, "launch", "mission", "name") as? String == record["mission_name"] as? String)
            #expect(dig(data, "launch", "mission", "small") as? String == dig(record, "links", "mission_patch_small") as? String)
            #expect(dig(data, "launch", "mission", "large") as? String == dig(record, "links", "mission_patch") as? String)
            #expect(dig(data, "launch", "mission", "plain") as? String == dig(record, "links", "mission_patch") as? String)
            #expect(dig(data, "launch", "mission", "small") as? String != dig(data, "launch", "mission", "large") as? String)
            #expect(dig(data, "launch", "rocket", "id") as? String == dig(record, "rocket", "rocket_id") as? String)
            #expect(dig(data, "launch", "rocket", "name") as? String == dig(record, "rocket", "rocket_name") as? String)
            #expect(dig(data, "launch", "rocket", "type") as? String == dig(record, "rocket", "rocket_type") as? String)
        }
    }

    @Test func unknownLaunchIsNull() async throws {
        try await withServer { server in
            let result = try await server.client.post("{ launch(id: \"9999\") { id } }")
            #expect(result.json?["errors"] == nil)
            #expect(dig(result.json, "data", "launch") is NSNull)
        }
    }

    @Test func resultKeysFollowTheQueryOrder() async throws {
        try await withServer { server in
            let result = try await server.client.post("{ launch(id: \"5\") { rocket { type name id } site id } totalTripsBooked }")
            #expect(result.text.hasPrefix("{\"data\":{\"launch\":{\"rocket\":{\"type\":"), "\(result.text)")
            let text = result.text
            let order = ["\"type\"", "\"name\"", "\"id\"", "\"site\"", "\"totalTripsBooked\""].compactMap { text.range(of: $0)?.lowerBound }
            #expect(order.count == 5 && order == order.sorted())
        }
    }
}
