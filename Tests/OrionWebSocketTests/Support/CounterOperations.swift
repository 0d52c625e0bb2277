import Foundation
import OrionAPI

/// A schema of one type, for operations written by hand as generated code would be.
enum CounterSchema: SchemaMetadata {
    static let subscriptionType = ObjectType(typename: "Subscription")
    static let queryType = ObjectType(typename: "Query")
    static let mutationType = ObjectType(typename: "Mutation")

    static func objectType(forTypename typename: String) -> ObjectType? {
        ["Subscription": subscriptionType, "Query": queryType, "Mutation": mutationType][typename]
    }
}

/// `subscription Counter($from: Int) { count }`
struct CounterSubscription: GraphQLSubscription, Hashable {
    static let __operation = OperationMetadata("Counter", schema: CounterSchema.self, document: OperationDocument(text: "subscription Counter($from: Int) { count }", identifier: "counter"))

    var from: Int = 0
    var __variables: [String: JSONValue] { ["from": .int(from)] }

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(CounterSchema.subscriptionType), [.field("count", Int?.self)])

        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var count: Int? { __data[0] }
    }
}

/// `query Total { total }`
struct TotalQuery: GraphQLQuery, Hashable {
    static let __operation = OperationMetadata("Total", schema: CounterSchema.self, document: OperationDocument(text: "query Total { total }", identifier: "total"))

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(CounterSchema.queryType), [.field("total", Int?.self)])

        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var total: Int? { __data[0] }
    }
}

/// `mutation Increment { increment }`
struct IncrementMutation: GraphQLMutation, Hashable {
    static let __operation = OperationMetadata("Increment", schema: CounterSchema.self, document: OperationDocument(text: "mutation Increment { increment }", identifier: "increment"))

    struct Data: RootSelectionSet, Hashable {
        static let __metadata = SelectionSetMetadata(.object(CounterSchema.mutationType), [.field("increment", Int?.self)])

        let __data: DataDict
        init(_dataDict data: DataDict) { __data = data }
        var increment: Int? { __data[0] }
    }
}
