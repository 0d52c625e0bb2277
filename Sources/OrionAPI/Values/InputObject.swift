/// A generated input object: a struct whose fields are sent as a JSON object.
public protocol InputObject: JSONValueConvertible, Sendable, Hashable {}
