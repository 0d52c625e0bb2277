import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// GraphQL over HTTP: GET for queries only, and the two response media types.
@Suite struct HTTPTransportTests {
    @Test func getRunsQueries() async throws {
        try await withServer { server in
            let result = try await server.client.get(
                "query Page($n: Int) { launches(pageSize: $n) { launches { id } } }", variables: ["n": 3], operationName: "Page"
            )
            #expect(result.status == 200)
            #expect((dig(result.json, "data", "launches", "launches") as? [Any])?.count == 3, "\(result.text)")
        }
    }

    @Test func getRefusesMutations() async throws {
        try await withServer { server in
            let result = try await server.client.get("mutation { login(email: \"get@example.com\") { id } }")
            #expect(result.status == 405)
            #expect(result.headers["allow"] == "POST")
            #expect(result.errorMessages.contains { $0.contains("Mutations cannot be sent with GET") })
            // Nothing was run: that user does not exist yet, so logging in creates id 1.
            let login = try await server.client.data("mutation { login(email: \"first@example.com\") { id } }")
            #expect(dig(login, "login", "id") as? String == "1")
        }
    }

    @Test func otherMethodsAreRefused() async throws {
        try await withServer { server in
            var request = URLRequest(url: server.graphQLURL)
            request.httpMethod = "PUT"
            request.httpBody = Data("{}".utf8)
            let result = try await HTTP.send(request)
            #expect(result.status == 405)
        }
    }

    @Test func graphQLResponseJSONUsesStatusCodes() async throws {
        try await withServer { server in
            let accept = ["Accept": "application/graphql-response+json, application/json;q=0.9"]
            let ok = try await server.client.post("{ totalTripsBooked }", headers: accept)
            #expect(ok.status == 200)
            #expect(ok.contentType.hasPrefix("application/graphql-response+json"))

            let invalid = try await server.client.post("{ totalTripsBooked nope }", headers: accept)
            #expect(invalid.status == 400)
            #expect(invalid.contentType.hasPrefix("application/graphql-response+json"))
            #expect(invalid.json?["data"] == nil)

            let syntax = try await server.client.post("{ totalTripsBooked", headers: accept)
            #expect(syntax.status == 400)
            #expect(syntax.errorMessages.first?.hasPrefix("Syntax Error") == true, "\(syntax.text)")

            let badVariable = try await server.client.post("query($n: Int) { launches(pageSize: $n) { cursor } }", variables: ["n": "many"], headers: accept)
            #expect(badVariable.status == 400, "\(badVariable.text)")

            // A field error is not a request error: data is there (null), and the status 200.
            let fieldError = try await server.client.post("{ launches(pageSize: 0) { cursor } }", headers: accept)
            #expect(fieldError.status == 200)
            #expect(fieldError.json?.keys.contains("data") == true)
        }
    }

    @Test func plainJSONIs200ForGraphQLErrors() async throws {
        try await withServer { server in
            let invalid = try await server.client.post("{ totalTripsBooked nope }")
            #expect(invalid.status == 200)
            #expect(invalid.contentType.hasPrefix("application/json"))
            #expect(invalid.errorMessages == ["Cannot query field 'nope' on type 'Query'."])
            #expect(dig(invalid.json, "errors", 0, "locations", 0, "line") as? Int == 1)
            #expect(dig(invalid.json, "errors", 0, "locations", 0, "column") as? Int == 20)
        }
    }

    @Test func operationNameSelectsTheOperation() async throws {
        try await withServer { server in
            let document = "query A { totalTripsBooked } query B { me { id } }"
            let b = try await server.client.post(document, operationName: "B")
            #expect(dig(b.json, "data", "me") is NSNull, "\(b.text)")
            let unknown = try await server.client.post(document, operationName: "C", headers: ["Accept": "application/graphql-response+json"])
            #expect(unknown.status == 400)
            #expect(unknown.errorMessages == ["Unknown operation named \"C\"."])
            let missing = try await server.client.post(document)
            #expect(missing.errorMessages.contains { $0.contains("Must provide operation name") })
        }
    }
}
