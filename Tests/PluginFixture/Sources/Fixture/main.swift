import Foundation
import OrionAPI

// The generated HeroQuery, compiled into this target by the plugin, read from a response.
let json: [String: Any] = ["hero": ["__typename": "Human", "id": "1000", "name": "Luke Skywalker", "height": 1.72]]
do {
    let data = try HeroQuery.Data(jsonObject: json)
    print("hero: \(data.hero?.name ?? "none"), height \(data.hero?.asHuman?.height ?? 0)")
    print("operation: \(HeroQuery.operationName)")
} catch {
    print("error: \(error)")
    exit(1)
}
