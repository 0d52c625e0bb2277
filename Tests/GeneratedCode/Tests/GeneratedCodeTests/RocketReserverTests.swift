import Foundation
import OrionAPI
import RocketReserverAPI
import Testing

/// The tutorial's operations as the app uses them.
@Suite struct RocketReserverTests {
    @Test func launchListPage() throws {
        let json = try jsonObject("""
            {"launches": {"__typename": "LaunchConnection", "cursor": "MTA4", "hasMore": true, "launches": [
              {"__typename": "Launch", "id": "110", "site": "KSC LC 39A", "isBooked": false,
               "mission": {"__typename": "Mission", "name": "CRS-21", "missionPatch": "https://small.png"},
               "rocket": {"__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"}},
              null]}}
            """)
        let data = try LaunchListQuery.Data(jsonObject: json)
        #expect(data.launches.cursor == "MTA4")
        #expect(data.launches.hasMore)
        let launches = data.launches.launches.compactMap { $0 }
        #expect(launches.map(\.id) == ["110"])
        #expect(launches[0].mission?.missionPatch == "https://small.png")
        #expect(launches[0].rocket?.name == "Falcon 9")
        #expect(launches[0].isBooked == false)
        #expect(try canonical(data.jsonObject) == canonical(json))
        #expect(LaunchListQuery(pageSize: 10, after: "MTA4").__variables == ["pageSize": .int(10), "after": .string("MTA4")])
        #expect(LaunchListQuery().__variables.isEmpty)
    }

    @Test func launchDetailsAndMutations() throws {
        let details = try LaunchDetailsQuery.Data(jsonObject: jsonObject("""
            {"launch": {"__typename": "Launch", "id": "92", "site": "CCAFS", "isBooked": false,
              "mission": {"__typename": "Mission", "name": "Starlink", "missionPatch": null},
              "rocket": {"__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"}}}
            """))
        #expect(details.launch?.rocket?.type == "FT")
        #expect(details.launch?.isBooked == false)
        #expect(details.launch?.mission?.missionPatch == nil)
        #expect(LaunchDetailsQuery(launchId: "92").__variables == ["launchId": .string("92")])

        let booked = try BookTripMutation.Data(jsonObject: jsonObject("""
            {"bookTrips": {"__typename": "TripUpdateResponse", "success": true, "message": "trips booked successfully",
              "launches": [{"__typename": "Launch", "id": "92", "isBooked": true}]}}
            """))
        #expect(booked.bookTrips.success)
        #expect(booked.bookTrips.launches?.first??.isBooked == true)
        #expect(BookTripMutation.operationType == .mutation)
        #expect(TripsBookedSubscription.operationType == .subscription)
    }

    @Test func fragmentsOnListElements() throws {
        let json = try jsonObject("""
            {"me": {"__typename": "User", "id": "1", "email": "a@b.co", "profileImage": null,
              "trips": [{"__typename": "Launch", "id": "92", "site": "CCAFS", "isBooked": true, "mission": {"__typename": "Mission", "name": "Starlink"}}]},
             "totalTripsBooked": 1}
            """)
        let data = try MeQuery.Data(jsonObject: json)
        let trip = try #require(data.me?.trips.first.flatMap { $0 })
        #expect(trip.fragments.launchSummary.mission?.name == "Starlink")
        #expect(trip.mission?.name == "Starlink")
        #expect(data.me?.id == "1")
        #expect(try canonical(data.jsonObject) == canonical(json))
        #expect(MeQuery.operationDocument.text.contains("fragment LaunchSummary on Launch"))
    }
}
