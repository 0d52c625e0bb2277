/// The result of `bookTrips` or `cancelTrip`.
struct TripUpdate: Sendable {
    let success: Bool
    let message: String?
    let launches: [Launch]
}
