import Foundation
import Testing

/// `login`, tokens in the Authorization header, and `me`.
@Suite struct AuthenticationTests {
    static let login = "mutation($email: String) { login(email: $email) { id email token profileImage } }"

    @Test func loginCreatesTheUserOnceAndGivesATokenEachTime() async throws {
        try await withServer { server in
            let first = try await server.client.data(Self.login, variables: ["email": "Ada@Example.com"])
            let second = try await server.client.data(Self.login, variables: ["email": "ada@example.com"])
            #expect(dig(first, "login", "email") as? String == "ada@example.com")
            #expect(dig(first, "login", "id") as? String == dig(second, "login", "id") as? String)
            let token = try #require(dig(first, "login", "token") as? String)
            #expect(token.count >= 32)
            #expect(token != dig(second, "login", "token") as? String)
            #expect(dig(first, "login", "profileImage") is NSNull)
        }
    }

    @Test(arguments: ["", "no-at-sign", "a@b", "a@.com", "@example.com", "a b@example.com", "a@example.c0m"])
    func invalidEmailIsAnError(email: String) async throws {
        try await withServer { server in
            let result = try await server.client.post(Self.login, variables: ["email": email])
            #expect(result.status == 200)
            #expect(result.errorMessages.contains { $0.contains("not a valid email address") }, "\(result.text)")
            #expect(dig(result.json, "data", "login") is NSNull)
        }
    }

    @Test func missingEmailIsAnError() async throws {
        try await withServer { server in
            let result = try await server.client.post("mutation { login { id } }")
            #expect(!result.errorMessages.isEmpty)
        }
    }

    @Test func tokenIdentifiesTheUserRawOrBearer() async throws {
        try await withServer { server in
            let loggedIn = try await server.client.login("grace@example.com")
            let token = try #require(loggedIn.token)
            for header in [token, "Bearer \(token)", "bearer \(token)"] {
                let data = try await server.client.authorized(header).data("{ me { email trips { id } } }")
                #expect(dig(data, "me", "email") as? String == "grace@example.com", "header \(header)")
            }
            let anonymous = try await server.client.data("{ me { id } }")
            #expect(anonymous["me"] is NSNull)
            let unknown = try await server.client.authorized("not-a-token").data("{ me { id } }")
            #expect(unknown["me"] is NSNull)
        }
    }
}
