import OrionAPI
import Testing

/// The schema's types are classes (one reference per copy) that compare as values: two built
/// apart with the same fields are equal and hash alike, and a field that differs tells them
/// apart, alone or inside a `ParentType`.
@Suite struct SchemaTypeEqualityTests {
    @Test func objectTypesAreEqualWhenTheirFieldsAre() {
        let paging = [PaginatedField(name: "launches", paginationArguments: ["after"])]
        let launch = ObjectType(typename: "Launch", implementedInterfaces: ["Node"], keyFields: ["id"], paginatedFields: paging)
        let same = ObjectType(typename: "Launch", implementedInterfaces: ["Node"], keyFields: ["id"], paginatedFields: paging)
        #expect(launch !== same)
        #expect(launch == same)
        #expect(Set([launch, same]).count == 1)
        #expect(ParentType.object(launch) == .object(same))
        for other in [
            ObjectType(typename: "Rocket", implementedInterfaces: ["Node"], keyFields: ["id"], paginatedFields: paging),
            ObjectType(typename: "Launch", keyFields: ["id"], paginatedFields: paging),
            ObjectType(typename: "Launch", implementedInterfaces: ["Node"], paginatedFields: paging),
            ObjectType(typename: "Launch", implementedInterfaces: ["Node"], keyFields: ["id"]),
        ] {
            #expect(launch != other, "\(other.typename) \(other.implementedInterfaces) \(other.keyFields)")
            #expect(ParentType.object(launch) != .object(other))
        }
    }

    @Test func interfacesAndUnionsAreEqualWhenTheirFieldsAre() {
        let node = InterfaceType(name: "Node", possibleTypes: ["Launch", "Rocket"], keyFields: ["id"])
        #expect(node == InterfaceType(name: "Node", possibleTypes: ["Launch", "Rocket"], keyFields: ["id"]))
        #expect(node != InterfaceType(name: "Node", possibleTypes: ["Launch"], keyFields: ["id"]))
        #expect(node != InterfaceType(name: "Node", possibleTypes: ["Launch", "Rocket"]))
        #expect(Set([node, InterfaceType(name: "Node", possibleTypes: ["Launch", "Rocket"], keyFields: ["id"])]).count == 1)
        let result = UnionType(name: "Result", possibleTypes: ["Launch"])
        #expect(result == UnionType(name: "Result", possibleTypes: ["Launch"]))
        #expect(result != UnionType(name: "Result", possibleTypes: ["Rocket"]))
        #expect(ParentType.union(result) != .interface(node))
        #expect(ParentType.interface(node).isSatisfied(byTypename: "Rocket"))
        #expect(!ParentType.union(result).isSatisfied(byTypename: "Rocket"))
    }
}
