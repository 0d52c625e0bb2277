import GraphQLLanguage
import Testing
@testable import OrionCompiler

/// The schema these tests share: the nullability directives imported, a default, and fields
/// marked both ways.
private let importing = """
    extend schema @link(url: "https://specs.apollo.dev/nullability/v0.4", import: ["@semanticNonNull", "@semanticNonNullField", "@catch", "CatchTo", "@catchByDefault"])
    """
private let types = """
    type Query { user: User users: [User] }
    type User { id: ID! name: String @semanticNonNull email: String nickname: String friends: [User] tags: [[String]] }
    extend type User @semanticNonNullField(name: "nickname")
    """

private func schema(_ sdl: String...) throws -> Schema {
    try Schema.build(sdl: sdl.enumerated().map { Source($0.element, name: "schema\($0.offset).graphqls") })
}

private let nullabilitySchema: Schema = {
    do {
        return try schema(types, importing + "\nextend schema @catchByDefault(to: THROW)")
    } catch {
        preconditionFailure("The nullability test schema does not build: \(error)")
    }
}()

/// The errors `rules` find in `query` against `schema`, as (message, [line:column]).
private func errors(_ rules: [any ValidationRule.Type], _ query: String, schema: Schema = nullabilitySchema) throws -> [String] {
    let document = try Parser.parse(Source(query, name: "query.graphql"))
    return validate([document], schema: schema, rules: rules).map { error in
        error.message + " " + error.sourceLocations.map { "\($0.line):\($0.column)" }.joined(separator: ",")
    }
}

@Suite struct NullabilityTests {
    @Test func theDirectivesAreKnownOnlyWhenImported() throws {
        let plain = try schema(types.replacingOccurrences(of: "extend type User @semanticNonNullField(name: \"nickname\")", with: "")
            .replacingOccurrences(of: " @semanticNonNull", with: ""))
        #expect(plain.directives["catch"] == nil)
        #expect(plain.catchByDefault == nil)
        // Without the @link, they are unknown, as any directive the schema does not declare.
        #expect(throws: SchemaError.self) { try schema(types) }
        #expect(try errors(specifiedRules, "{ user { name @catch } }", schema: plain) == ["Unknown directive '@catch'. 1:15"])

        #expect(nullabilitySchema.catchByDefault == .throw)
        let user = try #require(nullabilitySchema["User"])
        #expect(nullabilitySchema.semanticNonNullLevels(of: try #require(user.field("name")), on: user) == [0])
        #expect(nullabilitySchema.semanticNonNullLevels(of: try #require(user.field("nickname")), on: user) == [0])
        #expect(nullabilitySchema.semanticNonNullLevels(of: try #require(user.field("email")), on: user) == [])
    }

    /// They are the client's: a schema written back (introspection JSON, SDL) has none of them.
    @Test func theDirectivesAreNotTheServers() throws {
        let json = String(decoding: nullabilitySchema.introspectionJSON(), as: UTF8.self)
        #expect(!json.contains("CatchTo"))
        #expect(!json.contains("semanticNonNull"))
        #expect(!json.contains("\"catch"))
        #expect(!nullabilitySchema.printSDL().contains("directive @catch"))
    }

    @Test func anImportOfSomeDirectivesKnowsOnlyThose() throws {
        let schema = try schema(types.replacingOccurrences(of: "extend type User @semanticNonNullField(name: \"nickname\")", with: ""),
                                #"extend schema @link(url: "https://specs.apollo.dev/nullability/v0.4", import: ["@semanticNonNull"])"#)
        #expect(schema.directives["semanticNonNull"] != nil)
        #expect(schema.directives["catch"] == nil)
        #expect(schema["CatchTo"] == nil)
    }

    @Test func schemaDirectivesAreChecked() throws {
        do {
            _ = try schema(types + """

                extend type User @semanticNonNullField(name: "age") @semanticNonNullField(name: "friends", levels: [2])
                type Other { id: ID! @semanticNonNull, list: [String] @semanticNonNull(levels: [0, 1]) }
                """, importing)
            Issue.record("expected errors")
        } catch let error as SchemaError {
            #expect(error.errors.map(\.message) == [
                "'@semanticNonNullField(name: \"age\")' names no field of type 'User'.",
                "'User.friends' of type '[User]' has no level 2 for '@semanticNonNull': its levels go from 0 (the field) to the depth of its lists.",
                "'Other.id' is already non-null at level 0 (type 'ID!'): '@semanticNonNull' marks a nullable position.",
            ])
        }
    }

    @Test func catchNeedsCatchByDefault() throws {
        let withoutDefault = try schema(types, importing)
        #expect(try errors([CatchNeedsCatchByDefault.self], "{ user { name @catch email @catch(to: NULL) id } }", schema: withoutDefault) == [
            "Field 'name' uses '@catch', which needs the schema's default for the other fields: add 'extend schema @catchByDefault(to: NULL)' (GraphQL's behaviour), or to: THROW or RESULT, to a schema file. 1:15",
            "Field 'email' uses '@catch', which needs the schema's default for the other fields: add 'extend schema @catchByDefault(to: NULL)' (GraphQL's behaviour), or to: THROW or RESULT, to a schema file. 1:28",
        ])
        #expect(try errors([CatchNeedsCatchByDefault.self], "{ user { name @catch } }").isEmpty)
    }

    @Test func catchLevelsAreLevelsOfTheFieldsType() throws {
        #expect(try errors([CatchLevelsInRange.self], """
            { user { name @catch(levels: [1]) friends @catch(levels: [0, 1, 2]) { id } tags @catch(levels: [2]) id } }
            """) == [
            "Field 'name' of type 'String' has no level 1 for '@catch(levels:)': its levels are 0 (the field) only. 1:15",
            "Field 'friends' of type '[User]' has no level 2 for '@catch(levels:)': its levels are 0 (the field) to 1 (its lists' items). 1:43",
        ])
    }

    @Test func mergedSelectionsHaveTheSameCatch() throws {
        let found = try errors([ConsistentCatch.self], """
            query Q {
              user {
                name @catch
                name @catch(to: RESULT)
                email @catch(to: NULL)
                ... on User { email }
                ...F
                friends { id }
              }
            }
            fragment F on User { friends { id @catch(to: NULL) } nickname }
            query R { user { ...F nickname @catch } }
            """)
        #expect(found == [
            "Fields 'email' conflict because they have different @catch (@catch(to: NULL) and no @catch): use the same @catch on every selection of 'email', or give one an alias. 5:5,6:19",
            "Fields 'id' conflict because they have different @catch (@catch(to: NULL) and no @catch): use the same @catch on every selection of 'id', or give one an alias. 11:32,8:15",
            "Fields 'nickname' conflict because they have different @catch (no @catch and @catch(to: RESULT)): use the same @catch on every selection of 'nickname', or give one an alias. 11:54,12:23",
        ])
    }

    @Test func theIRCarriesEachFieldsCatchAndTheTextSentHasNone() throws {
        let document = try Parser.parse(Source("query Q { user @catch(to: NULL) { id name email @catch nickname } }", name: "q.graphql"))
        let result = try IRBuilder.compile([document], schema: nullabilitySchema)
        let operation = try #require(result.operations.first)
        let user = try #require(operation.selectionSet.fields.first)
        #expect(user.catchTo == .null)
        let fields = Dictionary(uniqueKeysWithValues: (user.selectionSet?.fields ?? []).map { ($0.responseKey, $0) })
        #expect(fields["id"]?.catchTo == nil)  // non-null: no error can be in it
        #expect(fields["name"]?.catchTo == .throw)
        #expect(fields["name"]?.isSemanticNonNull == true)
        #expect(fields["email"]?.catchTo == .result)
        #expect(fields["email"]?.isSemanticNonNull == false)
        #expect(fields["nickname"]?.isSemanticNonNull == true)
        #expect(!operation.definitionText.contains("@catch"))
        #expect(operation.definitionText.contains("email"))
    }
}
