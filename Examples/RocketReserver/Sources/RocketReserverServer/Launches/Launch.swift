/// One launch of the catalog, as the API shows it.
struct Launch: Sendable, Hashable {
    /// `String(flight_number)`: unique, and what `launch(id:)` and `bookTrips` take.
    let id: String
    let flightNumber: Int
    /// Seconds since 1970; launches are listed newest first by it.
    let launchDate: Int
    let site: String?
    let mission: Mission
    let rocket: Rocket
}

/// The mission a launch flies.
struct Mission: Sendable, Hashable {
    let name: String?
    /// `links.mission_patch`: what `missionPatch` gives for LARGE or no size.
    let largePatch: String?
    /// `links.mission_patch_small`: what `missionPatch(size: SMALL)` gives.
    let smallPatch: String?
}

/// The rocket a launch flies on.
struct Rocket: Sendable, Hashable {
    let id: String
    let name: String?
    let type: String?
}
