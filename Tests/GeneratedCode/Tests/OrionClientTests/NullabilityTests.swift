import Foundation
import NullabilityAPI
import Orion
import OrionAPI
import Testing

/// Generated code for a schema with the nullability directives (Tests/GeneratedCode/Schemas/
/// Nullability: `@catchByDefault(to: THROW)`, `User.name` and `User.nickname` semantically
/// non-null), fetched from a server of the tests' own on 127.0.0.1 and read back from the cache:
/// each field behaves as its `@catch` says, with and without field errors.
@Suite struct NullabilityTests {
    static let profile = """
        {"data": {"user": {"__typename": "User", "id": "1", "name": "Ada", "nickname": "ada", "avatarUrl": null,
          "email": "ada@example.com", "resultName": "Ada", "nullName": "Ada", "throwName": "Ada",
          "bestFriend": {"__typename": "User", "id": "2", "name": "Bob"}}}}
        """

    /// Errors in fields of each catch mode. (Aliases of `name` hold different values here, which
    /// a server would not send; decoding takes each key as it comes.)
    static let profileWithErrors = """
        {"data": {"user": {"__typename": "User", "id": "1", "name": "Ada", "nickname": "ada", "avatarUrl": null,
          "email": null, "resultName": null, "nullName": null, "throwName": "Ada",
          "bestFriend": {"__typename": "User", "id": "2", "name": null}}},
         "errors": [
          {"message": "No email", "path": ["user", "email"]},
          {"message": "No name", "path": ["user", "resultName"]},
          {"message": "No name again", "path": ["user", "nullName"]},
          {"message": "The friend's name failed", "path": ["user", "bestFriend", "name"], "extensions": {"code": "UNAVAILABLE"}}]}
        """

    private func client(answering body: String) throws -> (FaultServer, OrionClient) {
        let server = try FaultServer { _ in .respond(status: 200, body: body) }
        let transport = RequestChainNetworkTransport(url: server.url, interceptorProvider: DefaultInterceptorProvider())
        return (server, OrionClient(networkTransport: transport, store: OrionStore()))
    }

    @Test func withoutErrorsEveryFieldHasItsValue() async throws {
        let (server, client) = try client(answering: Self.profile)
        defer { server.stop() }
        let result = try await client.fetch(query: UserProfileQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
        let user = try #require(result.data?.user)
        // Semantically non-null under THROW: non-optional.
        let name: String = user.name
        let nickname: String = user.nickname
        #expect(name == "Ada")
        #expect(nickname == "ada")
        #expect(user.avatarUrl == nil)
        #expect(user.email == .success("ada@example.com"))
        #expect(user.resultName.value == "Ada")
        #expect(user.nullName == "Ada")
        #expect(user.throwName == "Ada")
        #expect(user.bestFriend.value?.name == "Bob")
        #expect(result.errors == nil)
        // The text sent has no @catch: the server does not know it.
        let request = try #require(server.requests.first)
        #expect(request.json?["query"] as? String == UserProfileQuery.operationDocument.text)
        #expect(!UserProfileQuery.operationDocument.text.contains("@catch"))
    }

    @Test func eachFieldErrorBecomesWhatItsCatchSays() async throws {
        let (server, client) = try client(answering: Self.profileWithErrors)
        defer { server.stop() }
        let result = try await client.fetch(query: UserProfileQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
        let user = try #require(result.data?.user)
        #expect(user.name == "Ada")
        // RESULT: the error, with its path.
        #expect(user.email.error?.message == "No email")
        #expect(user.email.error?.path == [.key("user"), .key("email")])
        #expect(user.resultName.error?.message == "No name")
        #expect(throws: GraphQLError.self) { try user.resultName.get() }
        // NULL: nil.
        #expect(user.nullName == nil)
        // An error in a THROW field (the default) reaches the nearest field that catches it.
        let friendError = try #require(user.bestFriend.error)
        #expect(friendError.message == "The friend's name failed")
        #expect(friendError.path == [.key("user"), .key("bestFriend"), .key("name")])
        #expect(friendError.code == "UNAVAILABLE")
        // The errors stay in the result too.
        #expect(result.errors?.count == 4)
        // GraphQLError lives in OrionAPI, which Orion re-exports: app code naming it through
        // Orion still compiles.
        let error: Orion.GraphQLError? = result.errors?.first
        #expect(error?.message == "No email")
    }

    @Test func anErrorInAThrowFieldIsCaughtByTheFieldAround() async throws {
        let body = """
            {"data": {"user": {"__typename": "User", "id": "1", "name": "Ada", "nickname": "ada", "avatarUrl": null,
              "email": "e", "resultName": "Ada", "nullName": "Ada", "throwName": null,
              "bestFriend": {"__typename": "User", "id": "2", "name": "Bob"}}},
             "errors": [{"message": "Cannot resolve name", "path": ["user", "throwName"]}]}
            """
        let (server, client) = try client(answering: body)
        defer { server.stop() }
        let result = try await client.fetch(query: UserProfileQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
        // `user @catch(to: NULL)`: the error in `throwName` makes it nil.
        #expect(result.data != nil)
        #expect(result.data?.user == nil)
        #expect(result.errors?.first?.message == "Cannot resolve name")
    }

    @Test func anErrorNoFieldCatchesFailsTheResultWithItsPath() async throws {
        let body = """
            {"data": {"users": [{"__typename": "User", "id": "1", "name": "Ada"}, {"__typename": "User", "id": "2", "name": null}]},
             "errors": [{"message": "Cannot resolve name", "path": ["users", 1, "name"]}]}
            """
        let (server, client) = try client(answering: body)
        defer { server.stop() }
        let error = await #expect(throws: ResponseParsingError.self) {
            try await client.fetch(query: UserNamesQuery(), cachePolicy: .fetchIgnoringCacheData)
        }
        guard case .dataMismatch(let mismatch)? = error else {
            Issue.record("expected a data mismatch, got \(String(describing: error))")
            return
        }
        #expect(mismatch.path.description == "data.users[1].name")
        #expect(mismatch.graphQLError?.message == "Cannot resolve name")
        #expect(mismatch.graphQLError?.path == [.key("users"), .index(1), .key("name")])
        #expect(mismatch.description.contains("data.users[1].name"))
    }

    /// A non-null field that fails nulls the nearest nullable field above it, whose null its
    /// error (with the longer path) explains.
    @Test func anErrorBelowANullIsTheNullsError() async throws {
        let body = #"{"data": {"user": null}, "errors": [{"message": "No id", "path": ["user", "id"]}]}"#
        let (server, client) = try client(answering: body)
        defer { server.stop() }
        let error = await #expect(throws: ResponseParsingError.self) {
            try await client.fetch(query: UserFriendsQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
        }
        guard case .dataMismatch(let mismatch)? = error else {
            Issue.record("expected a data mismatch, got \(String(describing: error))")
            return
        }
        #expect(mismatch.path.description == "data.user")
        #expect(mismatch.graphQLError?.path == [.key("user"), .key("id")])
    }

    @Test func aNullWithoutAnErrorInASemanticallyNonNullFieldIsAnError() async throws {
        let body = #"{"data": {"users": [{"__typename": "User", "id": "1", "name": null}]}}"#
        let (server, client) = try client(answering: body)
        defer { server.stop() }
        let error = await #expect(throws: ResponseParsingError.self) {
            try await client.fetch(query: UserNamesQuery(), cachePolicy: .fetchIgnoringCacheData)
        }
        guard case .dataMismatch(let mismatch)? = error else {
            Issue.record("expected a data mismatch, got \(String(describing: error))")
            return
        }
        #expect(mismatch.path.description == "data.users[0].name")
        #expect(mismatch.graphQLError?.message.contains("@semanticNonNull") == true)
    }

    /// The cache keeps the null of a field that failed, not its error: read back, a field that
    /// promises a value fails as the field failed in the response, with an error saying why.
    @Test func readFromTheCacheAFailedFieldFailsAgain() async throws {
        let (server, client) = try client(answering: Self.profileWithErrors)
        defer { server.stop() }
        _ = try await client.fetch(query: UserProfileQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
        let cached = try await client.fetch(query: UserProfileQuery(id: "1"), cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.source == .cache)
        let user = try #require(cached.data?.user)
        // A nullable field: its null is a value to the cache.
        #expect(user.email == .success(nil))
        // The friend's name (semantically non-null, THROW) holds null: its error reaches
        // `bestFriend @catch(to: RESULT)`, as the server's did.
        #expect(user.bestFriend.error?.message.contains("\"name\" is null where the schema promises a value") == true)
        #expect(server.requests.count == 1)
    }

    @Test func readFromTheCacheACaughtFieldFailsOrIsNil() async throws {
        let body = """
            {"data": {"user": {"__typename": "User", "id": "1", "name": null, "avatarUrl": null,
              "friends": [{"__typename": "User", "id": "2", "name": null}]}},
             "errors": [{"message": "No name", "path": ["user", "name"]}, {"message": "Hidden", "path": ["user", "friends", 0, "name"]}]}
            """
        let (server, client) = try client(answering: body)
        defer { server.stop() }
        _ = try await client.fetch(query: UserFriendsQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
        let cached = try await client.fetch(query: UserFriendsQuery(id: "1"), cachePolicy: .returnCacheDataDontFetch)
        let user = try #require(cached.data?.user)
        // `name @catch(to: RESULT)`, semantically non-null: a failure that says why.
        let error = try #require(user.fragments.userSummary.name.error)
        #expect(error.message.contains("no error explains it"))
        // `name @catch(to: NULL)`: nil.
        #expect(try user.friends.get().map { $0?.name } == [nil])
    }

    @Test func withoutErrorsTheCacheGivesBackTheSameData() async throws {
        let (server, client) = try client(answering: Self.profile)
        defer { server.stop() }
        let fetched = try await client.fetch(query: UserProfileQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
        let cached = try await client.fetch(query: UserProfileQuery(id: "1"), cachePolicy: .returnCacheDataDontFetch)
        #expect(cached.data == fetched.data)
        #expect(cached.data?.user?.bestFriend.value?.name == "Bob")
    }

    @Test func fragmentsAndListsCatchTheirOwnErrors() async throws {
        let body = """
            {"data": {"user": {"__typename": "User", "id": "1", "name": null, "avatarUrl": null,
              "friends": [{"__typename": "User", "id": "2", "name": null}, {"__typename": "User", "id": "3", "name": "Cy"}]}},
             "errors": [{"message": "No name", "path": ["user", "name"]}, {"message": "Hidden", "path": ["user", "friends", 0, "name"]}]}
            """
        let (server, client) = try client(answering: body)
        defer { server.stop() }
        let result = try await client.fetch(query: UserFriendsQuery(id: "1"), cachePolicy: .fetchIgnoringCacheData)
        let user = try #require(result.data?.user)
        #expect(user.fragments.userSummary.name.error?.message == "No name")
        let friends = try user.friends.get()
        #expect(friends.map { $0?.name } == [nil, "Cy"])
    }
}
