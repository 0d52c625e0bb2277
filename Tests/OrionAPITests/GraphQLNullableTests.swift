import OrionAPI
import Testing

/// Nullable inputs from Swift optionals, as Apollo iOS users write them.
@Suite struct GraphQLNullableTests {
    @Test func anOptionalIsAbsentWhenNilAsInApollo() {
        let none: String? = nil
        let some: String? = "cursor"
        #expect(GraphQLNullable(none) == .absent)
        #expect(GraphQLNullable(some) == .some("cursor"))
        #expect(GraphQLNullable(none).inputValue() == nil, "not sent")
    }

    @Test func nilCoalescingChoosesWhatNilSends() {
        let none: Int? = nil
        let some: Int? = 3
        #expect(none ?? .null == GraphQLNullable<Int>.null)
        #expect(none ?? .absent == GraphQLNullable<Int>.absent)
        #expect(some ?? .null == GraphQLNullable.some(3))
        #expect((none ?? .null).inputValue() == .null)
    }

    @Test func nilCoalescingBetweenPlainOptionalsKeepsItsMeaning() {
        let none: String? = nil
        let plain = none ?? "default"
        #expect(plain == "default")
        #expect(type(of: plain) == String.self)
        func send(_ value: GraphQLNullable<String>) -> GraphQLNullable<String> { value }
        #expect(send(none ?? "default") == .some("default"), "a literal on the right is a value to send")
    }
}
