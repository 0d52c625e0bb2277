import Hummingbird

/// `GET /images/NAME`: the profile images users uploaded.
struct ImageHandler: Sendable {
    let database: RocketReserverDatabase

    func get(name: String?) async -> Response {
        guard let name, ProfileImageUpload.isImageName(name),
              let image = try? await database.image(name: name)
        else {
            return Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: "No such image.\n")))
        }
        let headers: HTTPFields = [
            .contentType: image.contentType,
            // Every upload gets a new name, so an image never changes.
            .cacheControl: "public, max-age=31536000, immutable",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.data)))
    }
}
