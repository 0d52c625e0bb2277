import Foundation

/// Uploaded profile images, kept in the database so one file holds all of the server's state.
extension RocketReserverDatabase {
    func storeImage(name: String, contentType: String, data: Data) throws {
        try connection.run("INSERT OR REPLACE INTO images (name, content_type, data) VALUES (?, ?, ?)", [.text(name), .text(contentType), .blob(data)])
    }

    func image(name: String) throws -> (contentType: String, data: Data)? {
        let rows = try connection.query("SELECT content_type, data FROM images WHERE name = ?", [.text(name)])
        guard let row = rows.first, row.count == 2, let contentType = row[0].text, let data = row[1].blob else { return nil }
        return (contentType, data)
    }
}
