/// Parses GraphQL text into a `Document`: a recursive-descent parser over the lexer's tokens,
/// one function per grammar production, each named after it.
///
/// Errors are `GraphQLError`s whose messages and positions match the reference implementation
/// (graphql-js, and graphql-core which ports it).
public enum Parser {
    /// Parses a whole document.
    ///
    /// - Throws: `GraphQLError` for the first syntax error, for a definition the `mode` does not
    ///   allow, and when the document is nested deeper or has more tokens than the limits allow.
    public static func parse(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Document {
        // Locations keep 32-bit offsets.
        guard source.body.utf8.count < Int(UInt32.max) else {
            throw GraphQLError("Syntax Error: Source \(source.name) is larger than 4 GiB. Parsing aborted.")
        }
        let result: Result<Document, GraphQLError> = source.withUTF8 { bytes in
            var parser = ParserState(source: source, bytes: bytes, options: options)
            do throws(GraphQLError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a constant value literal, such as an introspection result's `defaultValue`
    /// (`{a: [1, 2]}`): the whole text must be that one value.
    public static func parseConstValue(_ text: String, name: String = "GraphQL value") throws(GraphQLError) -> Value {
        let source = Source(text, name: name)
        let result: Result<Value, GraphQLError> = source.withUTF8 { bytes in
            var parser = ParserState(source: source, bytes: bytes, options: ParseOptions())
            do throws(GraphQLError) {
                return .success(try parser.parseConstValueDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses GraphQL text named `name`; see `parse(_:options:)`.
    public static func parse(_ text: String, name: String = "GraphQL request", options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Document {
        try parse(Source(text, name: name), options: options)
    }
}

/// The parser's cursor: the current token, one token of lookahead, and the limits' counters.
struct ParserState {
    private var lexer: Lexer
    private var names: NameTable
    private let options: ParseOptions
    private let source: Source
    /// What every location records: the source's `id`, not the source.
    private let sourceID: Source.ID
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The current token: the next one to consume.
    private var token = Token.startOfFile
    /// The token after `token`, when a production had to look at it.
    private var peeked: Token?
    /// Where the last consumed token ended: the end of the node being built.
    private var lastEnd = 0
    private var depth = 0
    private var tokenCount = 0
    /// `options.maxTokens`, or no limit: one comparison per token.
    private let tokenLimit: Int
    private let stacks = ListStacks()

    init(source: Source, bytes: UnsafeBufferPointer<UInt8>, options: ParseOptions) {
        self.lexer = Lexer(source: source, bytes: bytes)
        self.names = NameTable(bytes: bytes)
        self.options = options
        self.tokenLimit = options.maxTokens ?? .max
        self.source = source
        self.sourceID = source.id
        self.bytes = bytes
    }

    // MARK: Document

    /// Document: Definition+
    mutating func parseDocument() throws(GraphQLError) -> Document {
        try advance()
        var definitions: [Definition] = []
        // About one definition per 256 bytes in schemas and operations alike: growing one
        // element at a time would copy every (large) definition a dozen times on a big schema.
        definitions.reserveCapacity(bytes.count / 256)
        repeat {
            definitions.append(try parseDefinition())
        } while token.kind != .endOfFile
        // The document is the whole source, trailing comments and whitespace included.
        lastEnd = bytes.count
        return Document(definitions: definitions, location: location(from: 0), source: options.noLocation ? nil : source)
    }

    /// A lone constant value, then the end of the text.
    mutating func parseConstValueDocument() throws(GraphQLError) -> Value {
        try advance()
        let value = try parseValue(isConst: true)
        try expect(.endOfFile)
        return value
    }

    /// Definition: ExecutableDefinition | TypeSystemDefinition | TypeSystemExtension
    private mutating func parseDefinition() throws(GraphQLError) -> Definition {
        if token.kind == .braceLeft {
            try checkMode(executable: true, keyword: token)
            return .operation(try parseOperationDefinition())
        }
        let hasDescription = peekDescription()
        let keyword = hasDescription ? try lookahead() : token
        if hasDescription && keyword.kind == .braceLeft {
            throw error(at: token.start, "Unexpected description, descriptions are not supported on shorthand queries.")
        }
        if keyword.kind == .name {
            let definitionKeyword = DefinitionKeyword(keyword, in: bytes)
            switch definitionKeyword {
            case .schema, .directive, .type:
                try checkMode(executable: false, keyword: keyword)
                return try parseTypeSystemDefinition(keyword: definitionKeyword)
            case .query, .mutation, .subscription:
                try checkMode(executable: true, keyword: keyword)
                return .operation(try parseOperationDefinition())
            case .fragment:
                try checkMode(executable: true, keyword: keyword)
                return .fragment(try parseFragmentDefinition())
            case .extend where !hasDescription:
                try checkMode(executable: false, keyword: keyword)
                return try parseTypeSystemExtension()
            default:
                if hasDescription {
                    throw error(at: token.start, "Unexpected description, only GraphQL definitions support descriptions.")
                }
            }
        }
        throw unexpected(keyword)
    }

    /// Rejects a definition the mode does not allow, at the definition's start, naming its keyword.
    private func checkMode(executable: Bool, keyword: Token) throws(GraphQLError) {
        switch options.mode {
        case .all: return
        case .executableOnly where !executable:
            throw error(at: token.start, "Unexpected \(describe(keyword)): only operations and fragments may appear in an executable document.")
        case .typeSystemOnly where executable:
            throw error(at: token.start, "Unexpected \(describe(keyword)): only type-system definitions and extensions may appear in a schema document.")
        default: return
        }
    }

    // MARK: Operations

    /// OperationDefinition: SelectionSet | Description? OperationType Name? VariablesDefinition? Directives? SelectionSet
    private mutating func parseOperationDefinition() throws(GraphQLError) -> OperationDefinition {
        let start = token.start
        if token.kind == .braceLeft {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(
                operation: .query, variableDefinitions: [], directives: [], selectionSet: selectionSet,
                storedLocation: location(from: start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        let name = token.kind == .name ? try parseName() : nil
        let variables = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            description: description, operation: operation, name: name, variableDefinitions: variables,
            directives: directives, selectionSet: selectionSet, storedLocation: location(from: start))
    }

    /// OperationType: one of `query` `mutation` `subscription`
    private mutating func parseOperationType() throws(GraphQLError) -> OperationType {
        let operationToken = try expect(.name)
        guard let operation = OperationType(rawValue: name(of: operationToken)) else {
            throw unexpected(operationToken)
        }
        return operation
    }

    /// VariablesDefinition: ( VariableDefinition+ )
    private mutating func parseVariableDefinitions() throws(GraphQLError) -> [VariableDefinition] {
        try optionalMany(.parenLeft, .parenRight, on: stacks.variableDefinitions) { (parser: inout ParserState) throws(GraphQLError) in
            try parser.parseVariableDefinition()
        }
    }

    /// VariableDefinition: Description? Variable : Type DefaultValue? Directives[Const]?
    private mutating func parseVariableDefinition() throws(GraphQLError) -> VariableDefinition {
        let start = token.start
        let description = try parseDescription()
        let variable = try parseVariable()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValue(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return VariableDefinition(
            description: description, variable: variable, type: type, defaultValue: defaultValue,
            directives: directives, storedLocation: location(from: start))
    }

    /// Variable: $ Name
    private mutating func parseVariable() throws(GraphQLError) -> Variable {
        let start = token.start
        try expect(.dollar)
        return Variable(name: try parseName(), location: location(from: start))
    }

    /// SelectionSet: { Selection+ }
    ///
    /// At least one selection, as the spec's grammar says: `{}` fails where its `}` is, with the
    /// error graphql-js gives (`Expected Name, found '}'.`). graphql-core 3.3 parses empty
    /// selection sets by default (its deprecated `allow_empty_selection_sets`); the spec decides.
    private mutating func parseSelectionSet() throws(GraphQLError) -> SelectionSet {
        try enterNesting()
        let start = token.start
        try expect(.braceLeft)
        var selections: [Selection] = []
        repeat {
            selections.append(try parseSelection())
        } while try !expectOptional(.braceRight)
        depth -= 1
        return SelectionSet(selections: selections, location: location(from: start))
    }

    /// Selection: Field | FragmentSpread | InlineFragment
    private mutating func parseSelection() throws(GraphQLError) -> Selection {
        token.kind == .spread ? try parseFragment() : .field(try parseField())
    }

    /// Field: Alias? Name Arguments? Directives? SelectionSet?
    private mutating func parseField() throws(GraphQLError) -> Field {
        let start = token.start
        let nameOrAlias = try parseName()
        let alias: Name?
        let name: Name
        if try expectOptional(.colon) {
            alias = nameOrAlias
            name = try parseName()
        } else {
            alias = nil
            name = nameOrAlias
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        let selectionSet = token.kind == .braceLeft ? try parseSelectionSet() : nil
        return Field(
            alias: alias, name: name, arguments: arguments, directives: directives,
            selectionSet: selectionSet, storedLocation: location(from: start))
    }

    /// Arguments: ( Argument+ )
    private mutating func parseArguments(isConst: Bool) throws(GraphQLError) -> [Argument] {
        try optionalMany(.parenLeft, .parenRight, on: stacks.arguments) { (parser: inout ParserState) throws(GraphQLError) in
            let start = parser.token.start
            let name = try parser.parseName()
            try parser.expect(.colon)
            let value = try parser.parseValue(isConst: isConst)
            return Argument(name: name, value: value, location: parser.location(from: start))
        }
    }

    /// FragmentSpread: ... FragmentName Directives?
    /// InlineFragment: ... TypeCondition? Directives? SelectionSet
    private mutating func parseFragment() throws(GraphQLError) -> Selection {
        let start = token.start
        try expect(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition && token.kind == .name {
            let name = try parseName()
            let directives = try parseDirectives(isConst: false)
            return .fragmentSpread(FragmentSpread(name: name, directives: directives, location: location(from: start)))
        }
        let typeCondition = hasTypeCondition ? try parseNamedType() : nil
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(InlineFragment(
            typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
            storedLocation: location(from: start)))
    }

    /// FragmentDefinition: Description? fragment FragmentName TypeCondition Directives? SelectionSet
    private mutating func parseFragmentDefinition() throws(GraphQLError) -> FragmentDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("fragment")
        // FragmentName: Name but not `on`
        if token.kind == .name, matches(token, "on") { throw unexpected(token) }
        let name = try parseName()
        try expectKeyword("on")
        let typeCondition = try parseNamedType()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(
            description: description, name: name, typeCondition: typeCondition, directives: directives,
            selectionSet: selectionSet, storedLocation: location(from: start))
    }

    // MARK: Values

    /// Value[Const]: Variable (not when const) | IntValue | FloatValue | StringValue | BooleanValue
    /// | NullValue | EnumValue | ListValue | ObjectValue
    private mutating func parseValue(isConst: Bool) throws(GraphQLError) -> Value {
        let current = token
        let start = current.start
        switch current.kind {
        case .bracketLeft:
            try enterNesting()
            try advance()
            var values: [Value] = []
            while try !expectOptional(.bracketRight) {
                values.append(try parseValue(isConst: isConst))
            }
            depth -= 1
            return .list(ListValue(values, location: location(from: start)))
        case .braceLeft:
            try enterNesting()
            try advance()
            var fields: [ObjectField] = []
            while try !expectOptional(.braceRight) {
                let fieldStart = token.start
                let name = try parseName()
                try expect(.colon)
                let value = try parseValue(isConst: isConst)
                fields.append(ObjectField(name: name, value: value, location: location(from: fieldStart)))
            }
            depth -= 1
            return .object(ObjectValue(fields, location: location(from: start)))
        case .int:
            try advance()
            return .int(IntValue(text(of: current), location: location(from: start)))
        case .float:
            try advance()
            return .float(FloatValue(text(of: current), location: location(from: start)))
        case .string, .blockString:
            return .string(try parseStringLiteral())
        case .name:
            try advance()
            let value = name(of: current)
            switch value {
            case "true": return .boolean(BooleanValue(true, location: location(from: start)))
            case "false": return .boolean(BooleanValue(false, location: location(from: start)))
            case "null": return .null(NullValue(location: location(from: start)))
            default: return .enum(EnumValue(value, location: location(from: start)))
            }
        case .dollar:
            if isConst {
                let dollar = try expect(.dollar)
                if token.kind == .name {
                    throw error(at: dollar.start, "Unexpected variable '$\(text(of: token))' in constant value.")
                }
                throw unexpected(dollar)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected(current)
        }
    }

    private mutating func parseStringLiteral() throws(GraphQLError) -> StringValue {
        let current = token
        try advance()
        if current.kind == .blockString {
            return StringValue(rawBlockIn: source, start: current.start + 3, end: current.end - 3, location: location(from: current.start))
        }
        return StringValue(lexer.stringValue(of: current), location: location(from: current.start))
    }

    // MARK: Directives

    /// Directives[Const]: Directive[?Const]+
    private mutating func parseDirectives(isConst: Bool) throws(GraphQLError) -> [Directive] {
        guard token.kind == .at else { return [] }
        let first = stacks.directives.count
        repeat {
            let start = token.start
            try advance()
            let name = try parseName()
            let arguments = try parseArguments(isConst: isConst)
            stacks.directives.push(Directive(name: name, arguments: arguments, location: location(from: start)))
        } while token.kind == .at
        return stacks.directives.pop(from: first)
    }

    // MARK: Types

    /// Type: NamedType | ListType | NonNullType
    private mutating func parseTypeReference() throws(GraphQLError) -> TypeReference {
        let start = token.start
        var type: TypeReference
        if try expectOptional(.bracketLeft) {
            try enterNesting()
            let inner = try parseTypeReference()
            depth -= 1
            try expect(.bracketRight)
            type = .list(inner, location: location(from: start))
        } else {
            type = .named(try parseNamedType())
        }
        if try expectOptional(.bang) {
            type = .nonNull(type, location: location(from: start))
        }
        return type
    }

    /// NamedType: Name
    private mutating func parseNamedType() throws(GraphQLError) -> NamedType {
        let start = token.start
        return NamedType(name: try parseName(), location: location(from: start))
    }

    // MARK: Type system

    private mutating func peekDescription() -> Bool {
        token.kind == .string || token.kind == .blockString
    }

    /// Description: StringValue
    private mutating func parseDescription() throws(GraphQLError) -> StringValue? {
        peekDescription() ? try parseStringLiteral() : nil
    }

    private mutating func parseTypeSystemDefinition(keyword: DefinitionKeyword) throws(GraphQLError) -> Definition {
        let start = token.start
        let description = try parseDescription()
        try advance()  // the keyword, already checked by the caller
        switch keyword {
        case .schema:
            let directives = try parseDirectives(isConst: true)
            let operationTypes = try many(.braceLeft, .braceRight, on: stacks.operationTypes) { (parser: inout ParserState) throws(GraphQLError) in
                try parser.parseOperationTypeDefinition()
            }
            return .schema(SchemaDefinition(
                description: description, directives: directives, operationTypes: operationTypes,
                storedLocation: location(from: start)))
        case .directive:
            try expect(.at)
            let name = try parseName()
            let arguments = try parseArgumentDefinitions()
            let directives = try parseDirectives(isConst: true)
            let repeatable = try expectOptionalKeyword("repeatable")
            try expectKeyword("on")
            let locations = try parseDirectiveLocations()
            return .directive(DirectiveDefinition(
                description: description, name: name, arguments: arguments, directives: directives,
                repeatable: repeatable, locations: locations, storedLocation: location(from: start)))
        case .type(let kind):
            let name = try parseName()
            let body = try parseTypeBody(kind: kind)
            return .type(TypeDefinition(
                kind: kind, description: description, name: name, interfaces: body.interfaces,
                directives: body.directives, fields: body.fields, unionMembers: body.unionMembers,
                enumValues: body.enumValues, inputFields: body.inputFields, storedLocation: location(from: start)))
        case .query, .mutation, .subscription, .fragment, .extend, .other:
            preconditionFailure("parseDefinition passes type-system keywords only")
        }
    }

    /// The part after the name that definitions and extensions of a kind share:
    /// ImplementsInterfaces? Directives? FieldsDefinition?, or the union, enum or input parts.
    private mutating func parseTypeBody(kind: TypeKind) throws(GraphQLError) -> TypeBody {
        var body = TypeBody()
        if kind == .object || kind == .interface {
            body.interfaces = try parseImplementsInterfaces()
        }
        body.directives = try parseDirectives(isConst: true)
        switch kind {
        case .scalar:
            break
        case .object, .interface:
            body.fields = try optionalMany(.braceLeft, .braceRight, on: stacks.fieldDefinitions) { (parser: inout ParserState) throws(GraphQLError) in
                try parser.parseFieldDefinition()
            }
        case .union:
            if try expectOptional(.equals) {
                body.unionMembers = try delimitedMany(.pipe, on: stacks.namedTypes) { (parser: inout ParserState) throws(GraphQLError) in
                    try parser.parseNamedType()
                }
            }
        case .enum:
            body.enumValues = try optionalMany(.braceLeft, .braceRight, on: stacks.enumValueDefinitions) { (parser: inout ParserState) throws(GraphQLError) in
                try parser.parseEnumValueDefinition()
            }
        case .inputObject:
            body.inputFields = try optionalMany(.braceLeft, .braceRight, on: stacks.inputValueDefinitions) { (parser: inout ParserState) throws(GraphQLError) in
                try parser.parseInputValueDefinition()
            }
        }
        return body
    }

    /// The parts of a type definition or extension after its name.
    private struct TypeBody {
        var interfaces: [NamedType] = []
        var directives: [Directive] = []
        var fields: [FieldDefinition] = []
        var unionMembers: [NamedType] = []
        var enumValues: [EnumValueDefinition] = []
        var inputFields: [InputValueDefinition] = []

        var isEmpty: Bool {
            interfaces.isEmpty && directives.isEmpty && fields.isEmpty && unionMembers.isEmpty
                && enumValues.isEmpty && inputFields.isEmpty
        }
    }

    /// OperationTypeDefinition: OperationType : NamedType
    private mutating func parseOperationTypeDefinition() throws(GraphQLError) -> OperationTypeDefinition {
        let start = token.start
        let operation = try parseOperationType()
        try expect(.colon)
        let type = try parseNamedType()
        return OperationTypeDefinition(operation: operation, type: type, location: location(from: start))
    }

    /// ImplementsInterfaces: implements `&`? NamedType (& NamedType)*
    private mutating func parseImplementsInterfaces() throws(GraphQLError) -> [NamedType] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try delimitedMany(.ampersand, on: stacks.namedTypes) { (parser: inout ParserState) throws(GraphQLError) in
            try parser.parseNamedType()
        }
    }

    /// FieldDefinition: Description? Name ArgumentsDefinition? : Type Directives[Const]?
    private mutating func parseFieldDefinition() throws(GraphQLError) -> FieldDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        try expect(.colon)
        let type = try parseTypeReference()
        let directives = try parseDirectives(isConst: true)
        return FieldDefinition(
            description: description, name: name, arguments: arguments, type: type, directives: directives,
            storedLocation: location(from: start))
    }

    /// ArgumentsDefinition: ( InputValueDefinition+ )
    private mutating func parseArgumentDefinitions() throws(GraphQLError) -> [InputValueDefinition] {
        try optionalMany(.parenLeft, .parenRight, on: stacks.inputValueDefinitions) { (parser: inout ParserState) throws(GraphQLError) in
            try parser.parseInputValueDefinition()
        }
    }

    /// InputValueDefinition: Description? Name : Type DefaultValue? Directives[Const]?
    private mutating func parseInputValueDefinition() throws(GraphQLError) -> InputValueDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValue(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return InputValueDefinition(
            description: description, name: name, type: type, defaultValue: defaultValue,
            directives: directives, storedLocation: location(from: start))
    }

    /// EnumValueDefinition: Description? EnumValue Directives[Const]?
    private mutating func parseEnumValueDefinition() throws(GraphQLError) -> EnumValueDefinition {
        let start = token.start
        let description = try parseDescription()
        if token.kind == .name {
            if matches(token, "true") || matches(token, "false") || matches(token, "null") {
                throw error(at: token.start, "\(describe(token)) is reserved and cannot be used for an enum value.")
            }
        }
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return EnumValueDefinition(description: description, name: name, directives: directives, storedLocation: location(from: start))
    }

    /// DirectiveLocations: `|`? DirectiveLocation (| DirectiveLocation)*
    private mutating func parseDirectiveLocations() throws(GraphQLError) -> [Name] {
        try delimitedMany(.pipe, on: stacks.names) { (parser: inout ParserState) throws(GraphQLError) in
            let start = parser.token
            let name = try parser.parseName()
            guard DirectiveLocation(rawValue: name.value) != nil else { throw parser.unexpected(start) }
            return name
        }
    }

    /// TypeSystemExtension: SchemaExtension | TypeExtension | DirectiveExtension
    private mutating func parseTypeSystemExtension() throws(GraphQLError) -> Definition {
        let keyword = try lookahead()
        guard keyword.kind == .name else { throw unexpected(keyword) }
        let start = token.start
        switch DefinitionKeyword(keyword, in: bytes) {
        case .schema:
            try advance()
            try advance()
            let directives = try parseDirectives(isConst: true)
            let operationTypes = try optionalMany(.braceLeft, .braceRight, on: stacks.operationTypes) { (parser: inout ParserState) throws(GraphQLError) in
                try parser.parseOperationTypeDefinition()
            }
            if directives.isEmpty && operationTypes.isEmpty { throw unexpected(token) }
            return .schemaExtension(SchemaExtension(directives: directives, operationTypes: operationTypes, location: location(from: start)))
        case .directive:
            try advance()
            try advance()
            try expect(.at)
            let name = try parseName()
            let directives = try parseDirectives(isConst: true)
            if directives.isEmpty { throw unexpected(token) }
            return .directiveExtension(DirectiveExtension(name: name, directives: directives, location: location(from: start)))
        case .type(let kind):
            try advance()
            try advance()
            let name = try parseName()
            let body = try parseTypeBody(kind: kind)
            if body.isEmpty { throw unexpected(token) }
            return .typeExtension(TypeExtension(
                kind: kind, name: name, interfaces: body.interfaces, directives: body.directives,
                fields: body.fields, unionMembers: body.unionMembers, enumValues: body.enumValues,
                inputFields: body.inputFields, location: location(from: start)))
        default:
            throw unexpected(keyword)
        }
    }

    // MARK: Token helpers

    /// Name: /[_A-Za-z][_0-9A-Za-z]*/
    private mutating func parseName() throws(GraphQLError) -> Name {
        let nameToken = try expect(.name)
        return Name(name(of: nameToken), location: location(from: nameToken.start))
    }

    private mutating func advance() throws(GraphQLError) {
        lastEnd = token.end
        if let next = peeked {
            token = next
            peeked = nil
        } else {
            token = try lexer.next()
        }
        // The end of the file counts too, harmlessly: it is the last token.
        tokenCount += 1
        if tokenCount > tokenLimit, token.kind != .endOfFile {
            throw error(at: token.start, "Document contains more than \(tokenLimit) tokens. Parsing aborted.")
        }
    }

    private mutating func lookahead() throws(GraphQLError) -> Token {
        if let peeked { return peeked }
        let next = token.kind == .endOfFile ? token : try lexer.next()
        peeked = next
        return next
    }

    @discardableResult
    private mutating func expect(_ kind: TokenKind) throws(GraphQLError) -> Token {
        let current = token
        guard current.kind == kind else {
            throw error(at: current.start, "Expected \(kind.description), found \(describe(current)).")
        }
        try advance()
        return current
    }

    private mutating func expectOptional(_ kind: TokenKind) throws(GraphQLError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    private mutating func expectKeyword(_ keyword: StaticString) throws(GraphQLError) {
        guard token.kind == .name, matches(token, keyword) else {
            throw error(at: token.start, "Expected '\(keyword)', found \(describe(token)).")
        }
        try advance()
    }

    private mutating func expectOptionalKeyword(_ keyword: StaticString) throws(GraphQLError) -> Bool {
        guard token.kind == .name, matches(token, keyword) else { return false }
        try advance()
        return true
    }

    /// open item* close — where the caller has checked nothing; `[]` when `open` is absent.
    @inline(__always)
    private mutating func optionalMany<T>(
        _ open: TokenKind, _ close: TokenKind, on stack: ListStack<T>,
        _ item: (inout ParserState) throws(GraphQLError) -> T
    ) throws(GraphQLError) -> [T] {
        guard try expectOptional(open) else { return [] }
        let start = stack.count
        repeat {
            stack.push(try item(&self))
        } while try !expectOptional(close)
        return stack.pop(from: start)
    }

    /// open item+ close.
    @inline(__always)
    private mutating func many<T>(
        _ open: TokenKind, _ close: TokenKind, on stack: ListStack<T>,
        _ item: (inout ParserState) throws(GraphQLError) -> T
    ) throws(GraphQLError) -> [T] {
        try expect(open)
        let start = stack.count
        repeat {
            stack.push(try item(&self))
        } while try !expectOptional(close)
        return stack.pop(from: start)
    }

    /// delimiter? item (delimiter item)*.
    @inline(__always)
    private mutating func delimitedMany<T>(
        _ delimiter: TokenKind, on stack: ListStack<T>, _ item: (inout ParserState) throws(GraphQLError) -> T
    ) throws(GraphQLError) -> [T] {
        _ = try expectOptional(delimiter)
        let start = stack.count
        repeat {
            stack.push(try item(&self))
        } while try expectOptional(delimiter)
        return stack.pop(from: start)
    }

    private mutating func enterNesting() throws(GraphQLError) {
        depth += 1
        if depth > options.maxDepth {
            throw error(at: token.start, "Document is nested too deeply. Parsing aborted.")
        }
    }

    private func location(from start: Int) -> Location? {
        options.noLocation ? nil : Location(start: start, end: lastEnd, sourceID: sourceID)
    }

    private func text(of token: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }

    /// A name token's text, shared with every other occurrence of the same name.
    private mutating func name(of token: Token) -> String {
        names.name(from: token.start, to: token.end)
    }

    private func matches(_ token: Token, _ keyword: StaticString) -> Bool {
        token.matches(keyword, in: bytes)
    }

    /// `Name 'foo'`, `String 'text'`, `'{'`, `<EOF>`: how errors show a token.
    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float: "\(token.kind.description) '\(text(of: token))'"
        case .string: "\(token.kind.description) '\(lexer.stringValue(of: token))'"
        case .blockString:
            "\(token.kind.description) '\(BlockString.value(ofRaw: UnsafeBufferPointer(rebasing: bytes[(token.start + 3)..<(token.end - 3)])))'"
        default: token.kind.description
        }
    }

    private func unexpected(_ token: Token) -> GraphQLError {
        error(at: token.start, "Unexpected \(describe(token)).")
    }

    private func error(at position: Int, _ message: String) -> GraphQLError {
        lexer.error(at: position, message)
    }
}

/// The `ListStack` of each kind of list the parser collects.
final class ListStacks {
    let variableDefinitions = ListStack<VariableDefinition>()
    let arguments = ListStack<Argument>()
    let directives = ListStack<Directive>()
    let operationTypes = ListStack<OperationTypeDefinition>()
    let fieldDefinitions = ListStack<FieldDefinition>()
    let inputValueDefinitions = ListStack<InputValueDefinition>()
    let enumValueDefinitions = ListStack<EnumValueDefinition>()
    let namedTypes = ListStack<NamedType>()
    let names = ListStack<Name>()
}

extension Token {
    /// Whether a name token is the keyword `keyword`, compared in place: keywords are checked far
    /// more often than they match, and a check should not build a string.
    func matches(_ keyword: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard end - start == keyword.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount)
        for offset in 0..<expected.count where bytes[start + offset] != expected[offset] { return false }
        return true
    }
}

/// The name that starts a definition, told from the token's bytes (a definition's keyword is
/// read once per definition, and needs no string).
enum DefinitionKeyword {
    case schema, directive, query, mutation, subscription, fragment, extend
    /// `scalar`, `type`, `interface`, `union`, `enum` or `input`.
    case type(TypeKind)
    /// Any other name.
    case other

    /// Most frequent first.
    private static let keywords: [(StaticString, DefinitionKeyword)] = [
        ("type", .type(.object)), ("input", .type(.inputObject)), ("enum", .type(.enum)),
        ("interface", .type(.interface)), ("union", .type(.union)), ("scalar", .type(.scalar)),
        ("query", .query), ("mutation", .mutation), ("subscription", .subscription), ("fragment", .fragment),
        ("schema", .schema), ("directive", .directive), ("extend", .extend),
    ]

    init(_ token: Token, in bytes: UnsafeBufferPointer<UInt8>) {
        self = Self.keywords.first { token.matches($0.0, in: bytes) }?.1 ?? .other
    }
}
