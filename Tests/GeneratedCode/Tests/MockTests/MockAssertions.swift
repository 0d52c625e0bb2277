import Foundation
import OrionAPI
import OrionTestSupport
import Testing

/// Builds `Model` from `mock` and from `json` (the response a server would send for the same
/// data), and expects the two to be equal: mocks go through the decoding of responses.
@discardableResult
func expectMock<Model: SelectionSet & Hashable>(
    _ mock: MockObject, as model: Model.Type, equals json: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Model {
    let fromMock = try Model(mock)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], sourceLocation: sourceLocation)
    let fromJSON = try Model(jsonObject: object)
    #expect(fromMock == fromJSON, "\(fromMock.jsonObject) != \(fromJSON.jsonObject)", sourceLocation: sourceLocation)
    return fromMock
}

/// Expects building `Model` from `mock` to fail with a decoding error at `path`.
func expectMockFails<Model: SelectionSet>(
    _ mock: MockObject, as model: Model.Type, at path: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        _ = try Model(mock)
        Issue.record("\(Model.self) was built from a mock that lacks \(path)", sourceLocation: sourceLocation)
    } catch let error as ResponseDecodingError {
        #expect(error.path.description == path, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
}
