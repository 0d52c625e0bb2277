/// A launch as the SpaceX API v3 file has it; only the fields the API uses are read.
struct SpaceXLaunchRecord: Decodable {
    struct LaunchSite: Decodable {
        let site_name: String?
    }

    struct RocketRecord: Decodable {
        let rocket_id: String
        let rocket_name: String?
        let rocket_type: String?
    }

    struct Links: Decodable {
        let mission_patch: String?
        let mission_patch_small: String?
    }

    let flight_number: Int
    let mission_name: String?
    let launch_date_unix: Int
    let launch_site: LaunchSite?
    let rocket: RocketRecord
    let links: Links?

    var launch: Launch {
        Launch(
            id: String(flight_number),
            flightNumber: flight_number,
            launchDate: launch_date_unix,
            site: launch_site?.site_name,
            mission: Mission(name: mission_name, largePatch: links?.mission_patch, smallPatch: links?.mission_patch_small),
            rocket: Rocket(id: rocket.rocket_id, name: rocket.rocket_name, type: rocket.rocket_type)
        )
    }
}
