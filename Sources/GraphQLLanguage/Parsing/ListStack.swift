/// Where the parser collects the items of lists of one element type: a list's items go on top
/// of the stack (a list nested in an item stacks above its parent's items), then move, without
/// copying or reference counting, into an array of exactly their number.
///
/// Appending to an array from empty reallocates it at 1, 2, 4, 8… items; on a large schema that
/// was most of the cost of building field and argument lists.
final class ListStack<Element> {
    // One parser owns the stack and never re-enters it during an access: no run-time
    // exclusivity checks, which would cost a call per access.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>?
    @exclusivity(unchecked) private var capacity = 0
    /// How many items are on the stack: where a new list starts.
    @exclusivity(unchecked) private(set) var count = 0

    init() {}

    deinit {
        // Items of lists left unfinished by a syntax error.
        base?.deinitialize(count: count)
        base?.deallocate()
    }

    func push(_ item: consuming Element) {
        if count == capacity { grow() }
        // `grow` leaves `base` non-nil.
        guard let base else { return }
        (base + count).initialize(to: item)
        count += 1
    }

    /// The items from `start` on, moved out into an array; the stack shrinks back to `start`.
    func pop(from start: Int) -> [Element] {
        guard count > start, let base else { return [] }
        // Not `Array(unsafeUninitializedCapacity:)`: it looks up the array's type metadata at
        // run time, a generic-cache search per list.
        var items: [Element] = []
        items.reserveCapacity(count - start)
        for index in start..<count {
            items.append((base + index).move())
        }
        count = start
        return items
    }

    @inline(never)
    private func grow() {
        let newCapacity = max(16, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}
