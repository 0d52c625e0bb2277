/// Where the next search of an object's keys looks first, kept between the lookups of one
/// selection set's fields (see ``TapeReader/entryIndex(inObjectAt:forKey:hint:)``).
///
/// Fields are looked up in the order of the selections, which is the order a server writes
/// them, so each is usually the member after the last one found. A server also sends members
/// the selections do not look up (`__typename` first in every object, where the selections on an
/// object type do not select it): those are passed over once and remembered as skipped, and
/// each later lookup checks them before it looks on, so that it still finds a key's first
/// occurrence in an object that repeats a key.
@usableFromInline
package struct KeySearchHint {
    /// The member after the last one found (0 before the first lookup: the object's first).
    @usableFromInline var next = 0
    /// The members a search passed over to reach the one it found, none found since:
    /// `skippedStart..<skippedEnd`, just before `next` when they were passed over.
    @usableFromInline var skippedStart = 0
    @usableFromInline var skippedEnd = 0

    /// A hint for the first lookup in an object.
    @inlinable
    package init() {}
}
