/// The base of every generated test mock: an object of one schema type whose fields are set
/// piecewise, in any order, and read back as they were set.
///
/// Generated mocks (`LaunchMock`, `HumanMock`) subclass it with a property per field the
/// operations select, typed like the schema's field: scalars as their Swift types, enums as the
/// generated enum, objects as their mocks, interfaces and unions as a protocol every mock of a
/// possible type conforms to (`any CharacterMock`), lists as arrays. A field never set is absent
/// from the object: building a model that needs it fails with its path.
///
/// ```swift
/// let launch = LaunchMock(id: "92", site: "KSC LC 39A")
/// launch.mission = MissionMock(name: "CRS-21")
/// let data = try LaunchDetailsQuery.Data(QueryMock(launch: launch))
/// ```
///
/// A class, so that one mock can be nested in several places and edited after it was nested,
/// as a test builds its data. Mocks are for one test's use: they are not `Sendable`.
open class MockObject {
    /// The schema type the mock stands for: its objects' `__typename`, which decides the type
    /// cases and fragments that apply to it.
    public let __typename: String
    /// The values set, by field name (not response key: every alias of a field reads it).
    var fields: [String: Any] = [:]

    /// A mock of the object type named `__typename`; generated mocks pass their type's name.
    public init(__typename: String) {
        self.__typename = __typename
    }

    /// The value of the field `name`, as generated properties read and write it: `nil` when it
    /// was never set (or set to `nil`, which unsets it).
    public subscript<Value>(field name: String) -> Value? {
        get { fields[name] as? Value }
        set { fields[name] = newValue }
    }
}
