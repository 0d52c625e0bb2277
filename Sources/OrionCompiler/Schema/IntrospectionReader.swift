import Foundation
import GraphQLLanguage

extension Schema {
    /// Builds a schema from the result of an introspection query, the `schema.json` a server's
    /// introspection returns: `{"data": {"__schema": ...}}` or `{"__schema": ...}`.
    ///
    /// - Throws: `SchemaError` naming the JSON path of what is missing or of the wrong kind, or
    ///   the type-system rules the schema breaks.
    public static func build(introspectionJSON data: Data, name: String = "schema.json") throws(SchemaError) -> Schema {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SchemaError([GraphQLError("\(name) is not JSON: \(error.localizedDescription)")])
        }
        let reader = IntrospectionReader(name: name)
        let schema: Schema
        do throws(IntrospectionReader.Failure) {
            schema = try reader.read(json)
        } catch {
            throw SchemaError([GraphQLError("\(name): \(error.message)")])
        }
        var validator = SchemaValidator(schema: schema)
        let errors = validator.validate()
        guard errors.isEmpty else { throw SchemaError(errors) }
        return schema
    }
}

/// Reads introspection JSON with checked casts, keeping the path it is at for error messages.
struct IntrospectionReader {
    struct Failure: Error {
        var message: String
    }

    let name: String

    func read(_ json: Any) throws(Failure) -> Schema {
        var root = try object(json, "$")
        var path = "$"
        if let data = root["data"] {
            root = try object(data, "$.data")
            path = "$.data"
        }
        guard let schemaJSON = root["__schema"] else {
            throw Failure(message: "expected \"__schema\" at \(path): this is not an introspection result")
        }
        path += ".__schema"
        let schema = try object(schemaJSON, path)
        let typesJSON = try array(schema["types"], "\(path).types")
        var types: [SchemaType] = []
        for (index, typeJSON) in typesJSON.enumerated() {
            types.append(try type(typeJSON, "\(path).types[\(index)]"))
        }
        let userTypes = types.filter { !$0.name.hasPrefix("__") && !BuiltIns.scalarNames.contains($0.name) }
        let builtIns = Self.builtInSchema
        let builtInTypes = builtIns.typeNames.compactMap { builtIns[$0] }.filter { builtIn in
            !userTypes.contains { $0.name == builtIn.name }
        }
        var directives: [SchemaDirective] = []
        for (index, directiveJSON) in (try optionalArray(schema["directives"], "\(path).directives")).enumerated() {
            directives.append(try directive(directiveJSON, "\(path).directives[\(index)]"))
        }
        // The spec's directives come back from every server: they are the built-ins.
        for index in directives.indices
        where builtIns.directives[directives[index].name] != nil && !BuiltIns.clientDirectiveNames.contains(directives[index].name) {
            directives[index].isBuiltIn = true
        }
        let declared = Set(directives.map(\.name))
        let builtInDirectives = builtIns.directiveNames.compactMap { builtIns.directives[$0] }.filter { !declared.contains($0.name) }
        return Schema(
            types: userTypes + builtInTypes, directives: directives + builtInDirectives,
            queryTypeName: try rootName(schema["queryType"], "\(path).queryType"),
            mutationTypeName: try rootName(schema["mutationType"], "\(path).mutationType"),
            subscriptionTypeName: try rootName(schema["subscriptionType"], "\(path).subscriptionType"),
            description: schema["description"] as? String)
    }

    /// The built-ins, as SDL building adds them.
    private static let builtInSchema: Schema = {
        var builder = SchemaBuilder()
        builder.add(BuiltIns.document, isBuiltIn: true)
        return builder.finish()
    }()

    private func type(_ json: Any, _ path: String) throws(Failure) -> SchemaType {
        let object = try object(json, path)
        let kindName = try string(object["kind"], "\(path).kind")
        let kind: TypeKind
        switch kindName {
        case "SCALAR": kind = .scalar
        case "OBJECT": kind = .object
        case "INTERFACE": kind = .interface
        case "UNION": kind = .union
        case "ENUM": kind = .enum
        case "INPUT_OBJECT": kind = .inputObject
        default: throw Failure(message: "expected a named type's kind at \(path).kind, found \"\(kindName)\"")
        }
        var type = SchemaType(kind: kind, name: try string(object["name"], "\(path).name"), description: object["description"] as? String)
        for (index, field) in try optionalArray(object["fields"], "\(path).fields").enumerated() {
            let fieldPath = "\(path).fields[\(index)]"
            let fieldObject = try self.object(field, fieldPath)
            type.fields.append(SchemaField(
                name: try string(fieldObject["name"], "\(fieldPath).name"), description: fieldObject["description"] as? String,
                arguments: try inputValues(fieldObject["args"], "\(fieldPath).args"),
                type: try typeReference(fieldObject["type"], "\(fieldPath).type"),
                deprecationReason: deprecation(fieldObject)))
        }
        type.interfaceNames = try names(object["interfaces"], "\(path).interfaces")
        type.possibleTypeNames = kind == .union ? try names(object["possibleTypes"], "\(path).possibleTypes") : []
        for (index, value) in try optionalArray(object["enumValues"], "\(path).enumValues").enumerated() {
            let valuePath = "\(path).enumValues[\(index)]"
            let valueObject = try self.object(value, valuePath)
            type.enumValues.append(SchemaEnumValue(
                name: try string(valueObject["name"], "\(valuePath).name"), description: valueObject["description"] as? String,
                deprecationReason: deprecation(valueObject)))
        }
        type.inputFields = try inputValues(object["inputFields"], "\(path).inputFields")
        type.specifiedByURL = object["specifiedByURL"] as? String ?? object["specifiedByUrl"] as? String
        type.isOneOf = object["isOneOf"] as? Bool ?? false
        return type
    }

    private func directive(_ json: Any, _ path: String) throws(Failure) -> SchemaDirective {
        let object = try object(json, path)
        var locations: [DirectiveLocation] = []
        for (index, location) in try array(object["locations"], "\(path).locations").enumerated() {
            let name = try string(location, "\(path).locations[\(index)]")
            guard let value = DirectiveLocation(rawValue: name) else {
                throw Failure(message: "expected a directive location at \(path).locations[\(index)], found \"\(name)\"")
            }
            locations.append(value)
        }
        return SchemaDirective(
            name: try string(object["name"], "\(path).name"), description: object["description"] as? String,
            arguments: try inputValues(object["args"], "\(path).args"), locations: locations,
            isRepeatable: object["isRepeatable"] as? Bool ?? false)
    }

    private func inputValues(_ json: Any?, _ path: String) throws(Failure) -> [SchemaInputValue] {
        var values: [SchemaInputValue] = []
        for (index, value) in try optionalArray(json, path).enumerated() {
            let valuePath = "\(path)[\(index)]"
            let object = try object(value, valuePath)
            var defaultValue: Value?
            if let text = object["defaultValue"] as? String {
                do {
                    defaultValue = try Parser.parseConstValue(text)
                } catch {
                    throw Failure(message: "expected a GraphQL value at \(valuePath).defaultValue: \(error.message)")
                }
            }
            values.append(SchemaInputValue(
                name: try string(object["name"], "\(valuePath).name"), description: object["description"] as? String,
                type: try typeReference(object["type"], "\(valuePath).type"), defaultValue: defaultValue,
                deprecationReason: deprecation(object)))
        }
        return values
    }

    /// `{"kind": "NON_NULL", "ofType": {"kind": "LIST", "ofType": {"kind": "OBJECT", "name": "T"}}}`
    private func typeReference(_ json: Any?, _ path: String) throws(Failure) -> TypeReference {
        let object = try object(json, path)
        switch try string(object["kind"], "\(path).kind") {
        case "NON_NULL":
            return .nonNull(try typeReference(object["ofType"], "\(path).ofType"), location: nil)
        case "LIST":
            return .list(try typeReference(object["ofType"], "\(path).ofType"), location: nil)
        default:
            return .named(NamedType(name: Name(try string(object["name"], "\(path).name"))))
        }
    }

    private func names(_ json: Any?, _ path: String) throws(Failure) -> [String] {
        var result: [String] = []
        for (index, entry) in try optionalArray(json, path).enumerated() {
            result.append(try string(try object(entry, "\(path)[\(index)]")["name"], "\(path)[\(index)].name"))
        }
        return result
    }

    private func rootName(_ json: Any?, _ path: String) throws(Failure) -> String? {
        guard let json, !(json is NSNull) else { return nil }
        return try string(try object(json, path)["name"], "\(path).name")
    }

    private func deprecation(_ object: [String: Any]) -> String? {
        guard object["isDeprecated"] as? Bool == true else { return nil }
        return object["deprecationReason"] as? String ?? "No longer supported"
    }

    private func object(_ json: Any?, _ path: String) throws(Failure) -> [String: Any] {
        guard let object = json as? [String: Any] else { throw Failure(message: "expected an object at \(path)\(found(json))") }
        return object
    }

    private func array(_ json: Any?, _ path: String) throws(Failure) -> [Any] {
        guard let array = json as? [Any] else { throw Failure(message: "expected an array at \(path)\(found(json))") }
        return array
    }

    private func optionalArray(_ json: Any?, _ path: String) throws(Failure) -> [Any] {
        guard let json, !(json is NSNull) else { return [] }
        return try array(json, path)
    }

    private func string(_ json: Any?, _ path: String) throws(Failure) -> String {
        guard let string = json as? String else { throw Failure(message: "expected a string at \(path)\(found(json))") }
        return string
    }

    private func found(_ json: Any?) -> String {
        switch json {
        case nil: ", found nothing"
        case is NSNull: ", found null"
        case is [Any]: ", found an array"
        case is [String: Any]: ", found an object"
        case is String: ", found a string"
        default: ", found \(String(describing: json ?? "nothing"))"
        }
    }
}
