import OrionAPI
import Testing

/// The short `Selection.field(_:_:)`, which generated metadata calls for most fields, makes the
/// field the full form makes with every option left out.
@Suite struct SelectionFieldTests {
    private enum Color: String, EnumType {
        case red = "RED"
    }

    private static func parts(_ selection: Selection) -> String? {
        guard case .field(let field) = selection else { return nil }
        return [
            field.name, field.responseKey, "\(field.alias as Any)", "\(field.type)", "\(field.arguments.count)",
            "\(field.condition as Any)", "\(field.catchTo as Any)",
        ].joined(separator: "|")
    }

    @Test func theShortFormIsTheFullFormWithItsDefaults() throws {
        let short = try #require(Self.parts(.field("colors", [GraphQLEnum<Color>?]?.self)))
        let full = try #require(Self.parts(.field("colors", alias: nil, [GraphQLEnum<Color>?]?.self, arguments: [:], condition: nil, catch: nil)))
        #expect(short == full)
        #expect(short.hasPrefix("colors|colors|nil|list("))
        // Not the same as a field that differs in any one part.
        #expect(short != Self.parts(.field("colors", [GraphQLEnum<Color>].self)))
        #expect(short != Self.parts(.field("colors", alias: "c", [GraphQLEnum<Color>?]?.self)))
    }
}
