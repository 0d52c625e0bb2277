import Foundation

/// The package's own copies of the schema and launch data (the server's resources).
enum SharedData {
    static var resources: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RocketReserverServer/Resources")
    }

    static func schemaSDL() throws -> String {
        try String(contentsOf: resources.appendingPathComponent("schema.graphqls"), encoding: .utf8)
    }

    /// Launch ids newest first: launch date descending, then flight number descending.
    static func launchIDsNewestFirst() throws -> [String] {
        let data = try Data(contentsOf: resources.appendingPathComponent("launches.json"))
        guard let launches = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw TestFailure("launches.json is not a list of objects")
        }
        let keyed = launches.compactMap { launch -> (date: Int, flight: Int)? in
            guard let date = launch["launch_date_unix"] as? Int, let flight = launch["flight_number"] as? Int else { return nil }
            return (date, flight)
        }
        return keyed.sorted { ($0.date, $0.flight) > ($1.date, $1.flight) }.map { String($0.flight) }
    }

    /// The raw record of one launch, by flight number.
    static func launchRecord(flightNumber: Int) throws -> [String: Any] {
        let data = try Data(contentsOf: resources.appendingPathComponent("launches.json"))
        let launches = (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
        guard let record = launches.first(where: { $0["flight_number"] as? Int == flightNumber }) else {
            throw TestFailure("No launch \(flightNumber)")
        }
        return record
    }
}
