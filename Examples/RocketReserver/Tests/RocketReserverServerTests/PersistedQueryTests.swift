import Foundation
import Testing
@testable import RocketReserverServer

/// Automatic persisted queries: hash alone, hash with query, then hash alone again.
@Suite struct PersistedQueryTests {
    @Test func notFoundThenRegisterThenHashOnly() async throws {
        try await withServer { server in
            let query = "query Total { totalTripsBooked }"
            let hash = SHA256.hex(query)
            let extensions: [String: Any] = ["persistedQuery": ["version": 1, "sha256Hash": hash]]

            let notFound = try await server.client.post(nil, extensions: extensions)
            #expect(notFound.status == 200)
            #expect(notFound.errorMessages == ["PersistedQueryNotFound"])
            #expect(dig(notFound.json, "errors", 0, "extensions", "code") as? String == "PERSISTED_QUERY_NOT_FOUND")

            let registered = try await server.client.post(query, extensions: extensions)
            #expect(dig(registered.json, "data", "totalTripsBooked") as? Int == 0, "\(registered.text)")

            let hashOnly = try await server.client.post(nil, extensions: extensions)
            #expect(dig(hashOnly.json, "data", "totalTripsBooked") as? Int == 0, "\(hashOnly.text)")

            // Persisted queries work over GET too (extensions as a JSON parameter).
            var components = URLComponents(url: server.graphQLURL, resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "extensions", value: #"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#)]
            let get = try await HTTP.get(try #require(components?.url))
            #expect(dig(get.json, "data", "totalTripsBooked") as? Int == 0, "\(get.text)")
        }
    }

    @Test func wrongHashIsRejected() async throws {
        try await withServer { server in
            let result = try await server.client.post("{ totalTripsBooked }", extensions: ["persistedQuery": ["version": 1, "sha256Hash": String(repeating: "0", count: 64)]])
            #expect(result.status == 400)
            #expect(result.errorMessages.contains { $0.contains("does not match") })
        }
    }

    @Test func sha256MatchesKnownDigests() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(String(repeating: "a", count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
