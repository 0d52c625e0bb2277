@testable import OrionCache
import OrionAPI
import Testing

/// `RecordFields` against the dictionary it stands in for: the same operations, the same
/// contents, below and beyond the count from which it keeps a table of positions.
@Suite struct RecordFieldsTests {
    /// A fixed sequence of pseudo-random numbers (an LCG), so a failure repeats.
    private struct Numbers {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Keys chosen to meet every path of a comparison: short and long, non-ASCII, and two
    /// spellings of one string (`é` precomposed, and `e` with a combining accent), which Swift,
    /// and so a dictionary, takes for the same key.
    private static let keys = (0..<40).map { "field\($0)" } + [
        "missionPatch(size:SMALL)", "a key longer than fifteen bytes", "é", "e\u{301}", "🚀", "",
    ]

    @Test(arguments: [1, 2, 3, 4])
    func behavesAsADictionaryThroughEveryOperation(seed: UInt64) {
        var numbers = Numbers(state: seed)
        var fields = RecordFields()
        var model: [String: RecordValue] = [:]
        for step in 0..<3_000 {
            let key = Self.keys[numbers.next(Self.keys.count)]
            let value = RecordValue.value(.int(step))
            switch numbers.next(10) {
            case 0, 1:
                #expect(fields.removeValue(forKey: key) == model.removeValue(forKey: key), "step \(step)")
            case 2:
                fields[key] = nil
                model[key] = nil
            case 3, 4, 5:
                #expect(fields.updateValue(value, forKey: key) == model.updateValue(value, forKey: key), "step \(step)")
            case 6, 7:
                // What the normalizer does for a key it knows is new.
                if model[key] == nil { fields.append(newKey: key, value) } else { fields[key] = value }
                model[key] = value
            default:
                fields[key] = value
                model[key] = value
            }
            #expect(fields.count == model.count, "step \(step)")
            #expect(Self.keys.allSatisfy { fields[$0] == model[$0] }, "step \(step)")
        }
        #expect(Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) }) == model)
        #expect(fields == RecordFields(model))
    }

    @Test func equalityAndHashingIgnoreOrder() {
        // Without the second spelling of `é`, whose value would depend on the order.
        let keys = Self.keys.filter { $0 != "e\u{301}" || $0.unicodeScalars.count == 1 }
        #expect(keys.count == Self.keys.count - 1)
        let forward = RecordFields(keys.enumerated().map { (key: $0.element, value: .value(.int($0.offset))) })
        let backward = RecordFields(keys.enumerated().reversed().map { (key: $0.element, value: .value(.int($0.offset))) })
        #expect(Array(forward.keys) != Array(backward.keys), "kept in the order written")
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var changed = backward
        changed["field3"] = .value(.null)
        #expect(forward != changed, "one value differs")
        changed["field3"] = nil
        #expect(forward != changed, "one field fewer")
    }

    @Test func aLiteralAndASequenceKeepTheLastValueOfARepeatedKey() {
        let fields: RecordFields = ["id": .value(.int(1)), "name": .value(.string("x")), "id": .value(.int(2))]
        #expect(fields.count == 2)
        #expect(fields["id"] == .value(.int(2)))
        #expect(RecordFields([(key: "a", value: .value(.int(1))), (key: "a", value: .value(.int(2)))]) == ["a": .value(.int(2))])
    }

    @Test func mergingReplacesSharedFieldsAndAddsTheRest() {
        var fields: RecordFields = ["id": .value(.int(1)), "name": .value(.string("old"))]
        fields.merge(["name": .value(.string("new")), "site": .reference("Site:1")])
        #expect(fields == ["id": .value(.int(1)), "name": .value(.string("new")), "site": .reference("Site:1")])
        var empty = RecordFields()
        empty.merge(fields)
        #expect(empty == fields)
    }

    @Test func printsAsADictionaryLiteral() {
        #expect(RecordFields().description == "[:]")
        let fields: RecordFields = ["id": .value(.int(1))]
        #expect(fields.description == #"["id": \#(RecordValue.value(.int(1)))]"#)
    }
}
