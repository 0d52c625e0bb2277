/// Booked trips: which user has a seat on which launch.
extension RocketReserverDatabase {
    /// Books the launches not yet booked by the user, in one transaction; returns the ids
    /// it booked (the others were booked already).
    func book(userID: Int64, launchIDs: [String]) throws -> [String] {
        try connection.transaction {
            var booked: [String] = []
            for launchID in launchIDs {
                try connection.run("INSERT OR IGNORE INTO trips (user_id, launch_id) VALUES (?, ?)", [.integer(userID), .text(launchID)])
                if connection.changes > 0 { booked.append(launchID) }
            }
            return booked
        }
    }

    /// Cancels a trip; false when the user had not booked that launch.
    func cancel(userID: Int64, launchID: String) throws -> Bool {
        try connection.run("DELETE FROM trips WHERE user_id = ? AND launch_id = ?", [.integer(userID), .text(launchID)])
        return connection.changes > 0
    }

    func isBooked(userID: Int64, launchID: String) throws -> Bool {
        try !connection.query("SELECT 1 FROM trips WHERE user_id = ? AND launch_id = ?", [.integer(userID), .text(launchID)]).isEmpty
    }

    /// The launch ids the user booked, in the order they were booked.
    func bookedLaunchIDs(userID: Int64) throws -> [String] {
        try connection.query("SELECT launch_id FROM trips WHERE user_id = ? ORDER BY rowid", [.integer(userID)]).compactMap { $0.first?.text }
    }

    /// Trips booked by all users together.
    func totalTripsBooked() throws -> Int {
        Int(try connection.query("SELECT COUNT(*) FROM trips").first?.first?.integer ?? 0)
    }
}
