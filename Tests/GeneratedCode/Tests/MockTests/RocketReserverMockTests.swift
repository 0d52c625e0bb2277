import OrionAPI
import OrionTestSupport
import RocketReserverAPI
import RocketReserverAPIMocks
import Testing

/// Every RocketReserver operation built from mocks, compared with decoding the same data as
/// JSON.
@Suite struct RocketReserverMockTests {
    @Test func launchDetails() throws {
        let launch = LaunchMock(id: "92", site: "KSC LC 39A", isBooked: false)
        launch.mission = MissionMock(name: "CRS-21")
        launch.mission?.missionPatch = "https://example.com/patch.png"
        launch.rocket = RocketMock(id: "falcon9", name: "Falcon 9", type: "FT")
        let data = try expectMock(QueryMock(launch: launch), as: LaunchDetailsQuery.Data.self, equals: """
            {"launch": {"__typename": "Launch", "id": "92", "site": "KSC LC 39A", "isBooked": false,
              "mission": {"__typename": "Mission", "name": "CRS-21", "missionPatch": "https://example.com/patch.png"},
              "rocket": {"__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"}}}
            """)
        #expect(data.launch?.mission?.name == "CRS-21")
    }

    @Test func launchListWithNullsInTheList() throws {
        let page = LaunchConnectionMock(cursor: "1583556631", hasMore: true, launches: [LaunchMock(id: "110", site: nil, isBooked: true), nil])
        try expectMock(QueryMock(launches: page), as: LaunchListQuery.Data.self, equals: """
            {"launches": {"__typename": "LaunchConnection", "cursor": "1583556631", "hasMore": true, "launches": [
              {"__typename": "Launch", "id": "110", "site": null, "isBooked": true, "mission": null, "rocket": null}, null]}}
            """)
    }

    @Test func meWithAFragmentAndARootScalar() throws {
        let me = UserMock(id: "1", email: "me@example.com", trips: [LaunchMock(id: "92", site: "KSC", mission: MissionMock(name: "CRS-21"), isBooked: true)])
        let data = try expectMock(QueryMock(me: me, totalTripsBooked: 1), as: MeQuery.Data.self, equals: """
            {"me": {"__typename": "User", "id": "1", "email": "me@example.com", "profileImage": null,
              "trips": [{"__typename": "Launch", "id": "92", "site": "KSC", "isBooked": true, "mission": {"__typename": "Mission", "name": "CRS-21"}}]},
             "totalTripsBooked": 1}
            """)
        #expect(data.me?.trips.first??.fragments.launchSummary.mission?.name == "CRS-21")
        // The fragment's own model from a mock.
        #expect(try LaunchSummary(LaunchMock(id: "7", isBooked: false)).site == nil)
    }

    @Test func mutationsAndTheSubscription() throws {
        let response = TripUpdateResponseMock(success: true, message: "booked", launches: [LaunchMock(id: "92", isBooked: true)])
        try expectMock(MutationMock(bookTrips: response), as: BookTripMutation.Data.self, equals: """
            {"bookTrips": {"__typename": "TripUpdateResponse", "success": true, "message": "booked",
              "launches": [{"__typename": "Launch", "id": "92", "isBooked": true}]}}
            """)
        try expectMock(MutationMock(cancelTrip: TripUpdateResponseMock(success: false)), as: CancelTripMutation.Data.self, equals: """
            {"cancelTrip": {"__typename": "TripUpdateResponse", "success": false, "message": null, "launches": null}}
            """)
        try expectMock(MutationMock(login: UserMock(id: "1", email: "me@example.com", token: "abc")), as: LoginMutation.Data.self, equals: """
            {"login": {"__typename": "User", "id": "1", "email": "me@example.com", "token": "abc"}}
            """)
        try expectMock(MutationMock(uploadProfileImage: UserMock(id: "1", profileImage: "a.png")), as: UploadProfileImageMutation.Data.self, equals: """
            {"uploadProfileImage": {"__typename": "User", "id": "1", "profileImage": "a.png"}}
            """)
        try expectMock(SubscriptionMock(tripsBooked: 2), as: TripsBookedSubscription.Data.self, equals: #"{"tripsBooked": 2}"#)
    }

    @Test func aMissingNonNullFieldFailsWithItsPath() {
        expectMockFails(QueryMock(launch: LaunchMock(id: "92")), as: LaunchDetailsQuery.Data.self, at: "launch.isBooked")
        let page = LaunchConnectionMock(cursor: "c", hasMore: false, launches: [LaunchMock(id: "1", isBooked: true), LaunchMock(isBooked: true)])
        expectMockFails(QueryMock(launches: page), as: LaunchListQuery.Data.self, at: "launches.launches[1].id")
        expectMockFails(QueryMock(launches: LaunchConnectionMock(cursor: "c", hasMore: false)), as: LaunchListQuery.Data.self, at: "launches.launches")
    }
}
