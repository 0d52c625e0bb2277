import Foundation
import GraphQL
import OrionCompiler

/// The RocketReserver schema built with GraphQLSwift's type classes, field for field as
/// `Resources/schema.graphqls` declares it (a test compares the two by introspection).
enum RocketReserverSchema {
    /// Builds the executable schema; descriptions come from `sdl`, the one place they are written.
    static func make(sdl: Schema) throws -> GraphQLSchema {
        _ = IntrospectionFix.applied
        func doc(_ type: String, _ field: String? = nil) -> String? {
            guard let field else { return sdl.types[type]?.description }
            return sdl.types[type]?.field(field)?.description
        }
        let patchSize = try GraphQLEnumType(
            name: "PatchSize",
            values: [
                "SMALL": GraphQLEnumValue(value: "SMALL"),
                "LARGE": GraphQLEnumValue(value: "LARGE"),
            ]
        )

        let upload = try GraphQLScalarType(
            name: "Upload",
            description: doc("Upload"),
            serialize: { _ in throw GraphQLError(message: "Upload is an input-only scalar.") },
            // The multipart handler puts a placeholder string naming the file in the variable.
            parseValue: { value in
                guard case .string = value else {
                    throw GraphQLError(message: "Upload must be sent as a file part of a multipart request.")
                }
                return value
            },
            parseLiteral: { _ in
                throw GraphQLError(message: "Upload cannot be written in the query: pass it as a variable in a multipart request.")
            }
        )

        let rocket = try GraphQLObjectType(
            name: "Rocket",
            fields: [
                "id": GraphQLField(type: GraphQLNonNull(GraphQLID)) { source, _, _, _ in try cast(source, Rocket.self).id },
                "name": GraphQLField(type: GraphQLString) { source, _, _, _ in try cast(source, Rocket.self).name },
                "type": GraphQLField(type: GraphQLString) { source, _, _, _ in try cast(source, Rocket.self).type },
            ]
        )

        let mission = try GraphQLObjectType(
            name: "Mission",
            fields: [
                "name": GraphQLField(type: GraphQLString) { source, _, _, _ in try cast(source, Mission.self).name },
                "missionPatch": GraphQLField(
                    type: GraphQLString,
                    args: ["size": GraphQLArgument(type: patchSize)]
                ) { source, args, _, _ in
                    let mission = try cast(source, Mission.self)
                    return args.dictionary?["size"]?.string == "SMALL" ? mission.smallPatch : mission.largePatch
                },
            ]
        )

        let launch = try GraphQLObjectType(
            name: "Launch",
            fields: [
                "id": GraphQLField(type: GraphQLNonNull(GraphQLID)) { source, _, _, _ in try cast(source, Launch.self).id },
                "site": GraphQLField(type: GraphQLString) { source, _, _, _ in try cast(source, Launch.self).site },
                "mission": GraphQLField(type: mission) { source, _, _, _ in try cast(source, Launch.self).mission },
                "rocket": GraphQLField(type: rocket) { source, _, _, _ in try cast(source, Launch.self).rocket },
                "isBooked": GraphQLField(type: GraphQLNonNull(GraphQLBoolean), resolve: { source, _, context, _ in
                    let launch = try cast(source, Launch.self)
                    let context = try cast(context, ResolverContext.self)
                    guard let user = context.user else { return false }
                    return try await context.services.database.isBooked(userID: user.id, launchID: launch.id)
                }),
            ]
        )

        let user = try GraphQLObjectType(
            name: "User",
            fields: [
                "id": GraphQLField(type: GraphQLNonNull(GraphQLID)) { source, _, _, _ in String(try cast(source, User.self).id) },
                "email": GraphQLField(type: GraphQLNonNull(GraphQLString)) { source, _, _, _ in try cast(source, User.self).email },
                "profileImage": GraphQLField(type: GraphQLString) { source, _, context, _ in
                    let user = try cast(source, User.self)
                    return try user.profileImageName.map(cast(context, ResolverContext.self).profileImageURL)
                },
                "trips": GraphQLField(type: GraphQLNonNull(GraphQLList(launch)), resolve: { source, _, context, _ in
                    let user = try cast(source, User.self)
                    let context = try cast(context, ResolverContext.self)
                    let ids = try await context.services.database.bookedLaunchIDs(userID: user.id)
                    return ids.compactMap(context.services.catalog.launch(id:)).map { $0 as (any Sendable)? }
                }),
                "token": GraphQLField(type: GraphQLString) { source, _, _, _ in try cast(source, User.self).token },
            ]
        )

        let launchConnection = try GraphQLObjectType(
            name: "LaunchConnection",
            description: doc("LaunchConnection"),
            fields: [
                "cursor": GraphQLField(type: GraphQLNonNull(GraphQLString)) { source, _, _, _ in try cast(source, LaunchCatalog.Page.self).cursor },
                "hasMore": GraphQLField(type: GraphQLNonNull(GraphQLBoolean)) { source, _, _, _ in try cast(source, LaunchCatalog.Page.self).hasMore },
                "launches": GraphQLField(type: GraphQLNonNull(GraphQLList(launch))) { source, _, _, _ in
                    try cast(source, LaunchCatalog.Page.self).launches.map { $0 as (any Sendable)? }
                },
            ]
        )

        let tripUpdateResponse = try GraphQLObjectType(
            name: "TripUpdateResponse",
            fields: [
                "success": GraphQLField(type: GraphQLNonNull(GraphQLBoolean)) { source, _, _, _ in try cast(source, TripUpdate.self).success },
                "message": GraphQLField(type: GraphQLString) { source, _, _, _ in try cast(source, TripUpdate.self).message },
                "launches": GraphQLField(type: GraphQLList(launch)) { source, _, _, _ in
                    try cast(source, TripUpdate.self).launches.map { $0 as (any Sendable)? }
                },
            ]
        )

        let query = try GraphQLObjectType(
            name: "Query",
            fields: [
                "launches": GraphQLField(
                    type: GraphQLNonNull(launchConnection),
                    description: doc("Query", "launches"),
                    args: ["pageSize": GraphQLArgument(type: GraphQLInt), "after": GraphQLArgument(type: GraphQLString)]
                ) { _, args, context, _ in
                    let context = try cast(context, ResolverContext.self)
                    let size = try args.integer("pageSize") ?? 20
                    let page = Result { () throws(LaunchCatalog.PageError) in
                        try context.services.catalog.page(size: size, after: args.dictionary?["after"]?.string)
                    }
                    switch page {
                    case .success(let page): return page
                    case .failure(let error): throw FieldError(message: error.message, code: ErrorCode.badUserInput)
                    }
                },
                "launch": GraphQLField(type: launch, args: ["id": GraphQLArgument(type: GraphQLNonNull(GraphQLID))]) { _, args, context, _ in
                    let context = try cast(context, ResolverContext.self)
                    return args.dictionary?["id"]?.string.flatMap(context.services.catalog.launch(id:))
                },
                "me": GraphQLField(type: user, description: doc("Query", "me")) { _, _, context, _ in
                    try cast(context, ResolverContext.self).user
                },
                // All users' trips: the sum of every tripsBooked event since the database began.
                "totalTripsBooked": GraphQLField(type: GraphQLInt, description: doc("Query", "totalTripsBooked"), resolve: { _, _, context, _ in
                    try await cast(context, ResolverContext.self).services.database.totalTripsBooked()
                }),
            ]
        )

        let mutation = try GraphQLObjectType(
            name: "Mutation",
            fields: [
                "bookTrips": GraphQLField(
                    type: GraphQLNonNull(tripUpdateResponse),
                    description: doc("Mutation", "bookTrips"),
                    args: ["launchIds": GraphQLArgument(type: GraphQLNonNull(GraphQLList(GraphQLID)))],
                    resolve: { _, args, context, _ in
                        let context = try cast(context, ResolverContext.self)
                        let ids = args.dictionary?["launchIds"]?.array?.map { $0.string } ?? []
                        return try await TripBooking.book(launchIDs: ids, context: context)
                    }
                ),
                "cancelTrip": GraphQLField(
                    type: GraphQLNonNull(tripUpdateResponse),
                    description: doc("Mutation", "cancelTrip"),
                    args: ["launchId": GraphQLArgument(type: GraphQLNonNull(GraphQLID))],
                    resolve: { _, args, context, _ in
                        let context = try cast(context, ResolverContext.self)
                        return try await TripBooking.cancel(launchID: args.dictionary?["launchId"]?.string ?? "", context: context)
                    }
                ),
                "login": GraphQLField(
                    type: user,
                    description: doc("Mutation", "login"),
                    args: ["email": GraphQLArgument(type: GraphQLString)],
                    resolve: { _, args, context, _ in
                        let context = try cast(context, ResolverContext.self)
                        guard let text = args.dictionary?["email"]?.string else {
                            throw FieldError(message: "login needs an email.", code: ErrorCode.badUserInput)
                        }
                        guard let email = EmailAddress.normalized(text) else {
                            throw FieldError(message: "\"\(text)\" is not a valid email address.", code: ErrorCode.badUserInput)
                        }
                        return try await context.services.database.login(email: email)
                    }
                ),
                "uploadProfileImage": GraphQLField(
                    type: user,
                    description: doc("Mutation", "uploadProfileImage"),
                    args: ["file": GraphQLArgument(type: GraphQLNonNull(upload))],
                    resolve: { _, args, context, _ in
                        let context = try cast(context, ResolverContext.self)
                        return try await ProfileImageUpload.upload(placeholder: args.dictionary?["file"]?.string, context: context)
                    }
                ),
            ]
        )

        let subscription = try GraphQLObjectType(
            name: "Subscription",
            fields: [
                "tripsBooked": GraphQLField(
                    type: GraphQLInt,
                    description: doc("Subscription", "tripsBooked"),
                    resolve: { event, _, _, _ in event as? Int },
                    subscribe: { _, _, context, _ in
                        try await cast(context, ResolverContext.self).services.broadcaster.subscribe()
                    }
                ),
            ]
        )

        return try GraphQLSchema(query: query, mutation: mutation, subscription: subscription, types: [upload])
    }
}

extension Map {
    /// An optional Int argument: nil when absent or null; an error when not a whole number.
    func integer(_ name: String) throws -> Int? {
        switch dictionary?[name] {
        case .none, .null, .undefined:
            return nil
        case .number(let number):
            let value = number.doubleValue
            guard value == value.rounded(), abs(value) <= Double(Int32.max) else {
                throw FieldError(message: "\(name) must be a whole number.", code: ErrorCode.badUserInput)
            }
            return Int(value)
        default:
            throw FieldError(message: "\(name) must be a number.", code: ErrorCode.badUserInput)
        }
    }
}

/// Casts a resolver's parent value or context, as a field error rather than a crash.
func cast<T>(_ value: Any?, _ type: T.Type) throws -> T {
    guard let value = value as? T else { throw FieldError(message: "Internal error: expected a \(T.self).") }
    return value
}
