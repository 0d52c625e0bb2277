import Foundation
import Testing

/// 50 clients, each its own user, for about 3 seconds of mixed queries and book/cancel
/// mutations: no request may fail, and the bookings must add up at the end.
@Suite struct LoadTests {
    static let clients = 50
    static let duration = 3.0

    /// What one client did: its latencies, its failures, and the trips it believes it holds.
    struct ClientReport: Sendable {
        var latencies: [Double] = []
        var failures: [String] = []
        var booked: Set<String> = []
        var email = ""
    }

    @Test func concurrentClientsStayConsistent() async throws {
        try await withServer { server in
            let url = server.graphQLURL
            let launchIDs = (1...60).map { String($0) }
            let deadline = ContinuousClock.now + .seconds(Self.duration)
            let reports = try await withThrowingTaskGroup(of: ClientReport.self) { group in
                for index in 0..<Self.clients {
                    group.addTask {
                        var report = ClientReport(email: "load\(index)@example.com")
                        let user = try await GraphQLTestClient(url: url).login(report.email)
                        var generator = SystemRandomNumberGenerator()
                        // At least one request each, however long the logins took on a busy machine.
                        repeat {
                            let launchID: String = launchIDs.randomElement(using: &generator) ?? "1"
                            let started = ContinuousClock.now
                            let (query, variables): (String, [String: Any]) = switch Int.random(in: 0..<4, using: &generator) {
                            case 0: ("{ launches(pageSize: 10) { cursor hasMore launches { id isBooked mission { name } } } }", [:])
                            case 1: ("{ me { email trips { id } } totalTripsBooked }", [:])
                            case 2: ("mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success launches { id } } }", ["ids": [launchID]])
                            default: ("mutation($id: ID!) { cancelTrip(launchId: $id) { success } }", ["id": launchID])
                            }
                            do {
                                let result = try await user.post(query, variables: variables)
                                report.latencies.append((ContinuousClock.now - started) / .milliseconds(1))
                                guard result.status == 200, result.json?["errors"] == nil else {
                                    report.failures.append("\(result.status): \(result.text.prefix(200))")
                                    continue
                                }
                                if dig(result.json, "data", "bookTrips", "success") as? Bool == true { report.booked.insert(launchID) }
                                if dig(result.json, "data", "cancelTrip", "success") as? Bool == true { report.booked.remove(launchID) }
                            } catch {
                                report.failures.append("\(error)")
                            }
                        } while ContinuousClock.now < deadline
                        return report
                    }
                }
                var reports: [ClientReport] = []
                for try await report in group { reports.append(report) }
                return reports
            }

            let failures = reports.flatMap(\.failures)
            #expect(failures.isEmpty, "\(failures.count) failed requests, first: \(failures.prefix(3))")
            let latencies = reports.flatMap(\.latencies).sorted()
            try #require(!latencies.isEmpty)
            let p50 = latencies[latencies.count / 2]
            let p99 = latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
            print("Load: \(Self.clients) clients, \(latencies.count) requests in \(Self.duration) s (\(Int(Double(latencies.count) / Self.duration))/s); latency p50 \(String(format: "%.1f", p50)) ms, p99 \(String(format: "%.1f", p99)) ms")

            // Every client's own view of its trips is the server's, and the total is their sum.
            for report in reports {
                let user = try await server.client.login(report.email)
                let data = try await user.data("{ me { trips { id } } }")
                let trips = Set((dig(data, "me", "trips") as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? [])
                #expect(trips == report.booked, "\(report.email)")
            }
            let total = try await server.client.data("{ totalTripsBooked }")["totalTripsBooked"] as? Int
            #expect(total == reports.reduce(0) { $0 + $1.booked.count })
        }
    }
}
