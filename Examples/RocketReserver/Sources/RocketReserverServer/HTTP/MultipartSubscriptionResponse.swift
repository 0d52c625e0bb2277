import Hummingbird

/// A subscription as an incremental `multipart/mixed` response (Apollo's multipart
/// subscription protocol, `subscriptionSpec=1.0`): each event is a part
/// `{"payload": {"data": ...}}`, an empty `{}` part is a heartbeat, and the closing boundary
/// ends the stream.
enum MultipartSubscriptionResponse {
    static let boundary = "graphql"

    static func response(events: SubscriptionEvents, heartbeat: Duration) -> Response {
        let headers: HTTPFields = [
            .contentType: "multipart/mixed; boundary=\"\(boundary)\"; subscriptionSpec=1.0",
            .cacheControl: "no-store",
        ]
        let body = ResponseBody { writer in
            // Each part ends with the next delimiter, so a client knows a part is whole as
            // soon as it arrives; the first delimiter opens the body.
            try await writer.write(ByteBuffer(string: "\r\n--\(boundary)"))
            let (parts, continuation) = AsyncStream<String?>.makeStream(bufferingPolicy: .bufferingNewest(1_000))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await outcome in events {
                            continuation.yield("{\"payload\":" + ResponseJSON.response(outcome) + "}")
                        }
                    } catch {
                        let failure = ResponseError(message: "The subscription failed: \(error)")
                        continuation.yield("{\"payload\":null,\"errors\":" + ResponseJSON.errors([failure]) + "}")
                    }
                    continuation.yield(nil)
                }
                group.addTask {
                    // Heartbeats keep proxies from closing an idle stream, and find clients that left.
                    while true {
                        try await Task.sleep(for: heartbeat)
                        continuation.yield("{}")
                    }
                }
                defer { group.cancelAll() }
                for await part in parts {
                    guard let part else { break }
                    try await writer.write(ByteBuffer(string: "\r\ncontent-type: application/json; charset=utf-8\r\n\r\n\(part)\r\n--\(boundary)"))
                }
            }
            try await writer.write(ByteBuffer(string: "--\r\n"))
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
