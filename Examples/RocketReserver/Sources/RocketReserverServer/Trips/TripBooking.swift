/// The `bookTrips` and `cancelTrip` mutations: checks, the database change, and the
/// `tripsBooked` event for every change that happened.
enum TripBooking {
    static func book(launchIDs: [String?], context: ResolverContext) async throws -> TripUpdate {
        let user = try loggedInUser(context, "book trips")
        guard !launchIDs.isEmpty else {
            return TripUpdate(success: false, message: "No launches to book: pass at least one launch id.", launches: [])
        }
        var problems: [String] = []
        var launches: [Launch] = []
        for id in launchIDs {
            guard let id, let launch = context.services.catalog.launch(id: id) else {
                problems.append("launch \(id ?? "null") does not exist")
                continue
            }
            if !launches.contains(launch) { launches.append(launch) }
        }
        let booked = try await context.services.database.book(userID: user.id, launchIDs: launches.map(\.id))
        for launch in launches where !booked.contains(launch.id) {
            problems.append("launch \(launch.id) is already booked")
        }
        if !booked.isEmpty {
            await context.services.broadcaster.publish(booked.count)
        }
        let message = problems.isEmpty
            ? "Booked \(booked.count) trip\(booked.count == 1 ? "" : "s")."
            : "Could not book every trip: " + problems.joined(separator: "; ") + "."
        return TripUpdate(success: problems.isEmpty, message: message, launches: launches)
    }

    static func cancel(launchID: String, context: ResolverContext) async throws -> TripUpdate {
        let user = try loggedInUser(context, "cancel a trip")
        guard let launch = context.services.catalog.launch(id: launchID) else {
            return TripUpdate(success: false, message: "Launch \(launchID) does not exist.", launches: [])
        }
        guard try await context.services.database.cancel(userID: user.id, launchID: launchID) else {
            return TripUpdate(success: false, message: "Launch \(launchID) is not booked.", launches: [launch])
        }
        await context.services.broadcaster.publish(-1)
        return TripUpdate(success: true, message: "Cancelled the trip on launch \(launchID).", launches: [launch])
    }

    /// The user, or the error every mutation that needs one gives.
    static func loggedInUser(_ context: ResolverContext, _ action: String) throws -> User {
        guard let user = context.user else {
            throw FieldError(message: "You must be logged in to \(action): send the token from login in the Authorization header.", code: ErrorCode.unauthenticated)
        }
        return user
    }
}
