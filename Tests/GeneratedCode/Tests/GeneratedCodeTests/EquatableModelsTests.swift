import Foundation
import HostileSingleFile
import OrionAPI
import Testing

/// Models generated with `--no-hashable-models` (generate.sh's single-file layout of the hostile
/// names): `Equatable`, by their data, and not `Hashable`; the operations stay `Hashable`. The
/// module is built with `-warnings-as-errors`, so that these models compile is half of the test.
@Suite struct EquatableModelsTests {
    private func filtered(_ json: String) throws -> FilteredQuery.Data {
        try FilteredQuery.Data(responseObject: ResponseObject(jsonData: Foundation.Data(json.utf8)))
    }

    @Test func modelsAreEqualByTheirData() throws {
        #expect(try filtered(#"{"filtered": 3}"#) == filtered(#"{"filtered": 3}"#))
        #expect(try filtered(#"{"filtered": 3}"#) != filtered(#"{"filtered": 4}"#))
        #expect(try filtered(#"{"filtered": 3}"#) != filtered(#"{"filtered": null}"#))
    }

    @Test func modelsAreNotHashableAndOperationsAre() {
        #expect(!isHashable(FilteredQuery.Data.self))
        #expect(!isHashable(Data_.self))
        #expect(!isHashable(HostileQuery.Data.self))
        #expect(isHashable(FilteredQuery.self))
    }

    /// Asked at run time, of a type the compiler no longer knows.
    private func isHashable(_ type: Any.Type) -> Bool {
        type is any Hashable.Type
    }
}
