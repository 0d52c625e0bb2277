import Foundation
import Testing

/// `uploadProfileImage` through the GraphQL multipart request format, and `GET /images/NAME`.
@Suite struct UploadTests {
    static let mutation = "mutation($file: Upload!) { uploadProfileImage(file: $file) { email profileImage } }"

    /// A multipart body: operations, map, and one file part named "0".
    static func multipartBody(boundary: String, file: Data, contentType: String = "image/png") -> Data {
        var body = Data()
        func add(_ text: String) { body.append(Data(text.utf8)) }
        let operations = #"{"query":"mutation($file: Upload!) { uploadProfileImage(file: $file) { email profileImage } }","variables":{"file":null}}"#
        add("--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n\(operations)\r\n")
        add("--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n{\"0\":[\"variables.file\"]}\r\n")
        add("--\(boundary)\r\nContent-Disposition: form-data; name=\"0\"; filename=\"avatar.png\"\r\nContent-Type: \(contentType)\r\n\r\n")
        body.append(file)
        add("\r\n--\(boundary)--\r\n")
        return body
    }

    static func image(size: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.append(contentsOf: (0..<max(0, size - 8)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        return data
    }

    @Test func uploadStoresAndServesTheImage() async throws {
        try await withServer { server in
            let user = try await server.client.login("pic@example.com")
            let image = Self.image(size: 40_000)
            let boundary = "----rocket\(UUID().uuidString)"
            let result = try await user.postRaw(Self.multipartBody(boundary: boundary, file: image), contentType: "multipart/form-data; boundary=\(boundary)")
            #expect(result.status == 200)
            #expect(result.json?["errors"] == nil, "\(result.text)")
            let url = try #require((dig(result.json, "data", "uploadProfileImage", "profileImage") as? String).flatMap(URL.init(string:)))
            #expect(url.absoluteString.hasPrefix("http://127.0.0.1:\(server.port)/images/"))

            let served = try await HTTP.get(url)
            #expect(served.status == 200)
            #expect(served.contentType == "image/png")
            #expect(served.body == image)

            let me = try await user.data("{ me { profileImage } }")
            #expect(dig(me, "me", "profileImage") as? String == url.absoluteString)

            let missing = try await HTTP.get(URL(string: "http://127.0.0.1:\(server.port)/images/nothing.png") ?? url)
            #expect(missing.status == 404)
        }
    }

    @Test func imageOverTheLimitIsAnError() async throws {
        try await withServer { server in
            let user = try await server.client.login("big@example.com")
            let boundary = "rocket-boundary"
            let body = Self.multipartBody(boundary: boundary, file: Self.image(size: (2 << 20) + 1))
            let result = try await user.postRaw(body, contentType: "multipart/form-data; boundary=\(boundary)")
            #expect(result.status == 200)
            #expect(result.errorMessages.contains { $0.contains("too large") && $0.contains("2097152") }, "\(result.text)")
            #expect(dig(try await user.data("{ me { profileImage } }"), "me", "profileImage") is NSNull)
        }
    }

    @Test func multipartBodyOverTheLimitIs413() async throws {
        try await withServer { server in
            let user = try await server.client.login("huge@example.com")
            let boundary = "rocket-boundary"
            let body = Self.multipartBody(boundary: boundary, file: Self.image(size: (8 << 20) + 10))
            let result = try await user.postRaw(body, contentType: "multipart/form-data; boundary=\(boundary)")
            #expect(result.status == 413)
            #expect(!result.errorMessages.isEmpty)
        }
    }

    @Test func uploadNeedsALoggedInUserAndAnImage() async throws {
        try await withServer { server in
            let boundary = "rocket-boundary"
            let anonymous = try await server.client.postRaw(
                Self.multipartBody(boundary: boundary, file: Self.image(size: 100)), contentType: "multipart/form-data; boundary=\(boundary)"
            )
            #expect(anonymous.errorMessages.contains { $0.contains("must be logged in") }, "\(anonymous.text)")

            let user = try await server.client.login("text@example.com")
            let text = try await user.postRaw(
                Self.multipartBody(boundary: boundary, file: Data("hello".utf8), contentType: "text/plain"),
                contentType: "multipart/form-data; boundary=\(boundary)"
            )
            #expect(text.errorMessages.contains { $0.contains("must be a PNG") }, "\(text.text)")

            let withoutFile = try await user.post(Self.mutation, variables: ["file": "upload:nothing"])
            #expect(withoutFile.errorMessages.contains { $0.contains("No file was sent") }, "\(withoutFile.text)")

            let broken = try await user.postRaw(Data("--x\r\nnot a part".utf8), contentType: "multipart/form-data; boundary=x")
            #expect(broken.status == 400)
        }
    }
}
