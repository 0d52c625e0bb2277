// A model written by hand the way code generation writes one (a `DataDict`, properties by
// position), with a field of every kind `init(jsonObject:)` reads:
//
//     query($extra: Boolean) {
//       __typename name count ratio isOn tags matrix born id episode
//       hero { __typename name friends { __typename name } extra @include(if: $extra) ... on Droid { primaryFunction } }
//     }
import Foundation
import OrionAPI

enum Schema {
    static let query = ObjectType(typename: "Query")
    static let droid = ObjectType(typename: "Droid", implementedInterfaces: ["Character"])
    static let character = InterfaceType(name: "Character", possibleTypes: ["Human", "Droid"])
}

enum Episode: String, EnumType {
    case newHope = "NEWHOPE"
    case empire = "EMPIRE"
}

struct FuzzData: RootSelectionSet, Hashable {
    static let __metadata = SelectionSetMetadata(.object(Schema.query), [
        .field("__typename", String.self),
        .field("name", String.self),
        .field("count", Int?.self),
        .field("ratio", Double?.self),
        .field("isOn", Bool?.self),
        .field("tags", [String?]?.self),
        .field("matrix", [[Int]]?.self),
        .field("born", Date?.self),
        .field("id", Int64?.self),
        .field("episode", GraphQLEnum<Episode>?.self),
        .field("hero", Hero?.self),
    ])
    let __data: DataDict
    init(_dataDict data: DataDict) { __data = data }
    var __typename: String { __data[0] }
    var name: String { __data[1] }
    var count: Int? { __data[2] }
    var ratio: Double? { __data[3] }
    var isOn: Bool? { __data[4] }
    var tags: [String?]? { __data[5] }
    var matrix: [[Int]]? { __data[6] }
    var born: Date? { __data[7] }
    var id: Int64? { __data[8] }
    var episode: GraphQLEnum<Episode>? { __data[9] }
    var hero: Hero? { __data[10] }

    struct Hero: SelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.interface(Schema.character), [
            .field("__typename", String.self),
            .field("name", String.self),
            .field("friends", [Friend?]?.self),
            .field("extra", Int?.self, condition: .include("extra")),
            .inlineFragment(AsDroid.self),
        ])
        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var __typename: String { __data[0] }
        var name: String { __data[1] }
        var friends: [Friend?]? { __data[2] }
        var extra: Int? { __data[3] }
        var asDroid: AsDroid? { __data[4] }

        struct Friend: SelectionSet, Hashable {
            static let __metadata = SelectionSetMetadata(.interface(Schema.character), [.field("__typename", String.self), .field("name", String.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var __typename: String { __data[0] }
            var name: String { __data[1] }
        }

        struct AsDroid: InlineFragment, Hashable {
            static let __metadata = SelectionSetMetadata(.object(Schema.droid), [.field("primaryFunction", String.self)])
            let __data: DataDict
            init(_dataDict data: DataDict) { __data = data }
            var primaryFunction: String { __data[0] }
        }
    }

    /// Equal, but for dates, which are written to the millisecond (`ISO8601FormatStyle` writes no
    /// finer fraction, and rounds dates before 1970 a millisecond down).
    func isEquivalent(to other: FuzzData) -> Bool {
        guard __typename == other.__typename, name == other.name, count == other.count, ratio == other.ratio, isOn == other.isOn,
              tags == other.tags, matrix == other.matrix, id == other.id, episode == other.episode, hero == other.hero else { return false }
        switch (born, other.born) {
        case (nil, nil): return true
        case (let left?, let right?): return abs(left.timeIntervalSince1970 - right.timeIntervalSince1970) < 0.002
        default: return false
        }
    }

    /// Reads every property, as an app would: a model that decoded must never trap on a read.
    func readEverything() -> Int {
        var total = __typename.count + name.count + (count ?? 0) &+ Int(ratio?.isFinite == true ? 1 : 0) + (isOn == true ? 1 : 0)
        total &+= tags?.count ?? 0
        total &+= matrix?.flatMap { $0 }.reduce(0, &+) ?? 0
        total &+= born.map { Int($0.timeIntervalSince1970.isFinite ? 1 : 0) } ?? 0
        total &+= Int(truncatingIfNeeded: id ?? 0)
        total &+= episode?.rawValue.count ?? 0
        if let hero {
            total &+= hero.__typename.count + hero.name.count + (hero.extra ?? 0)
            total &+= hero.friends?.compactMap { $0?.name.count }.reduce(0, &+) ?? 0
            total &+= hero.asDroid?.primaryFunction.count ?? 0
        }
        return total
    }
}
