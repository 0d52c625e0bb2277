import Foundation

/// The server's SQLite database: users and their tokens, booked trips and profile images.
///
/// An actor because a SQLite connection must be used by one thread at a time; every store
/// (`UserStore.swift`, `TripStore.swift`, `ProfileImageStore.swift`) is an extension of it.
actor RocketReserverDatabase {
    let connection: SQLiteConnection
    /// Where the file is, for logs and tests.
    nonisolated let path: String

    /// Opens (creating when needed) the database file at `path` and creates missing tables.
    init(path: String) throws {
        self.path = path
        connection = try SQLiteConnection(path: path)
        // WAL lets a reader (another process inspecting the file) not block the server.
        try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS users (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                email TEXT NOT NULL UNIQUE,
                profile_image TEXT
            );
            CREATE TABLE IF NOT EXISTS tokens (
                token TEXT PRIMARY KEY,
                user_id INTEGER NOT NULL REFERENCES users(id)
            );
            CREATE TABLE IF NOT EXISTS trips (
                user_id INTEGER NOT NULL REFERENCES users(id),
                launch_id TEXT NOT NULL,
                PRIMARY KEY (user_id, launch_id)
            );
            CREATE TABLE IF NOT EXISTS images (
                name TEXT PRIMARY KEY,
                content_type TEXT NOT NULL,
                data BLOB NOT NULL
            );
            """)
    }

    /// A path for a fresh database file in a new temporary directory.
    static func temporaryPath() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("rocket-reserver-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("rocket-reserver.sqlite").path
    }
}
