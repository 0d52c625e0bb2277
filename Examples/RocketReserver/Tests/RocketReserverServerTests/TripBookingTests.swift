import Foundation
import Testing

/// `bookTrips`, `cancelTrip`, `isBooked`, `User.trips` and `totalTripsBooked`.
@Suite struct TripBookingTests {
    static let book = "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success message launches { id isBooked } } }"
    static let cancel = "mutation($id: ID!) { cancelTrip(launchId: $id) { success message launches { id isBooked } } }"

    @Test func bookAndCancel() async throws {
        try await withServer { server in
            let user = try await server.client.login("booker@example.com")

            let booked = try await user.data(Self.book, variables: ["ids": ["1", "2"]])
            #expect(dig(booked, "bookTrips", "success") as? Bool == true)
            #expect((dig(booked, "bookTrips", "launches") as? [[String: Any]])?.map { $0["isBooked"] as? Bool } == [true, true])

            let again = try await user.data(Self.book, variables: ["ids": ["2"]])
            #expect(dig(again, "bookTrips", "success") as? Bool == false)
            #expect((dig(again, "bookTrips", "message") as? String)?.contains("already booked") == true)

            let unknown = try await user.data(Self.book, variables: ["ids": ["9999"]])
            #expect(dig(unknown, "bookTrips", "success") as? Bool == false)
            #expect((dig(unknown, "bookTrips", "message") as? String)?.contains("does not exist") == true)

            let trips = try await user.data("{ me { trips { id } } totalTripsBooked }")
            #expect((dig(trips, "me", "trips") as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["1", "2"])
            #expect(trips["totalTripsBooked"] as? Int == 2)

            let cancelled = try await user.data(Self.cancel, variables: ["id": "1"])
            #expect(dig(cancelled, "cancelTrip", "success") as? Bool == true)
            #expect(dig(cancelled, "cancelTrip", "launches", 0, "isBooked") as? Bool == false)

            let notBooked = try await user.data(Self.cancel, variables: ["id": "1"])
            #expect(dig(notBooked, "cancelTrip", "success") as? Bool == false)
            #expect((dig(notBooked, "cancelTrip", "message") as? String)?.contains("not booked") == true)

            let after = try await user.data("{ me { trips { id } } totalTripsBooked }")
            #expect((dig(after, "me", "trips") as? [[String: Any]])?.count == 1)
            #expect(after["totalTripsBooked"] as? Int == 1)
        }
    }

    @Test func isBookedIsPerUser() async throws {
        try await withServer { server in
            let alice = try await server.client.login("alice@example.com")
            let bob = try await server.client.login("bob@example.com")
            _ = try await alice.data(Self.book, variables: ["ids": ["10"]])
            let query = "{ launch(id: \"10\") { isBooked } }"
            #expect(dig(try await alice.data(query), "launch", "isBooked") as? Bool == true)
            #expect(dig(try await bob.data(query), "launch", "isBooked") as? Bool == false)
            #expect(dig(try await server.client.data(query), "launch", "isBooked") as? Bool == false)
            // Bob can book the same launch: seats are per user.
            let booked = try await bob.data(Self.book, variables: ["ids": ["10"]])
            #expect(dig(booked, "bookTrips", "success") as? Bool == true)
            #expect(try await server.client.data("{ totalTripsBooked }")["totalTripsBooked"] as? Int == 2)
        }
    }

    @Test func mutationsNeedALoggedInUser() async throws {
        try await withServer { server in
            for (query, variables) in [(Self.book, ["ids": ["1"]] as [String: Any]), (Self.cancel, ["id": "1"])] {
                for client in [server.client, server.client.authorized("stale-token")] {
                    let result = try await client.post(query, variables: variables)
                    #expect(result.status == 200)
                    #expect(result.errorMessages.contains { $0.contains("must be logged in") }, "\(result.text)")
                    #expect(dig(result.json, "errors", 0, "extensions", "code") as? String == "UNAUTHENTICATED")
                    #expect(result.json?["data"] is NSNull)
                }
            }
            // The server is fine afterwards.
            #expect(try await server.client.data("{ totalTripsBooked }")["totalTripsBooked"] as? Int == 0)
        }
    }
}
