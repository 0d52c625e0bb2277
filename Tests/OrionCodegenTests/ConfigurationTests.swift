import Foundation
import OrionCodegen
import Testing

/// Reading orion.json: a key Orion does not read is an error that names the file and the key,
/// with the key probably meant, at the top level and inside `output` and `testMocks`.
@Suite struct ConfigurationTests {
    private static let valid = #"""
        {"schema": ["schema.graphqls"], "operations": ["**/*.graphql"], "namespace": "API",
         "output": {"path": "API", "moduleType": "embedded"}, "scalars": {"Long": "Int64"}, "accessLevel": "internal",
         "orionPath": "../orion", "operationManifest": "operations.json", "hashableModels": false}
        """#

    /// Writes `json` as orion.json in a new directory and loads it: the error's text, or nil.
    private func loadError(_ json: String) throws -> (file: URL, message: String?) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orion-configuration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("orion.json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try Configuration.load(file)
            return (file, nil)
        } catch {
            return (file, error.description)
        }
    }

    @Test func everyKnownKeyIsRead() throws {
        let (_, message) = try loadError(Self.valid)
        #expect(message == nil)
    }

    @Test func modelsAreHashableUnlessTheConfigurationSaysNot() throws {
        let valid = try JSONDecoder().decode(Configuration.self, from: Data(Self.valid.utf8))
        #expect(valid.options.hashableModels == false)
        #expect(Configuration.starter.options.hashableModels)
    }

    @Test func anEmptyOperationManifestPathIsAProblem() {
        var configuration = Configuration.starter
        configuration.operationManifest = ""
        #expect(configuration.problems() == [
            "\"operationManifest\" is empty: give the manifest's path, e.g. \"persisted-queries.json\", or leave the key out.",
        ])
    }

    @Test(arguments: [
        (#""scalarTypes": {}"#, #"unknown key "scalarTypes". Did you mean "scalars"?"#),
        (#""Namespace": "X""#, #"unknown key "Namespace". Did you mean "namespace"?"#),
        (#""operation": []"#, #"unknown key "operation". Did you mean "operations"?"#),
        (#""access_level": "public""#, #"unknown key "access_level". Did you mean "accessLevel"?"#),
    ])
    func anUnknownTopLevelKeySuggestsTheKeyMeant(extra: String, expected: String) throws {
        let (file, message) = try loadError(Self.valid.replacingOccurrences(of: #""orionPath""#, with: extra + #", "orionPath""#))
        #expect(message == "\(file.path): \(expected)")
    }

    @Test func anUnknownKeyInOutputSaysWhereItIs() throws {
        let (file, message) = try loadError(Self.valid.replacingOccurrences(of: #""moduleType""#, with: #""moduletype""#))
        #expect(message == "\(file.path): unknown key \"moduletype\" in \"output\". Did you mean \"moduleType\"?")
    }

    @Test func anUnknownKeyWithNothingCloseListsTheKeys() throws {
        let (file, message) = try loadError(Self.valid.replacingOccurrences(of: #""orionPath""#, with: #""verbose": true, "orionPath""#))
        #expect(message == "\(file.path): unknown key \"verbose\". The keys are \"schema\", \"operations\", \"namespace\", \"output\", \"scalars\", \"accessLevel\", \"orionPath\", \"operationManifest\", \"testMocks\", \"hashableModels\".")
    }

    /// A misspelled required key is reported as what it is, not as the key missing.
    @Test func everyUnknownKeyIsReportedBeforeMissingOnes() throws {
        let json = #"{"schemas": ["s.graphqls"], "operations": ["*.graphql"], "namespace": "API", "output": {"path": "x", "modultype": "embedded"}}"#
        let (file, message) = try loadError(json)
        #expect(message == """
            \(file.path): unknown key "schemas". Did you mean "schema"?
            \(file.path): unknown key "modultype" in "output". Did you mean "moduleType"?
            """)
    }

    @Test func testMocksAreReadWithTheirPathsRelativeToTheFile() throws {
        let json = Self.valid
            .replacingOccurrences(of: #""embedded""#, with: #""swift-package""#)
            .replacingOccurrences(of: #""orionPath": "../orion""#, with: #""orionPath": "../orion", "testMocks": {"path": "Mocks/APIMocks"}"#)
        let (_, message) = try loadError(json)
        #expect(message == nil)
        let configuration = try JSONDecoder().decode(Configuration.self, from: Data(json.utf8))
        let mocks = try #require(configuration.options(relativeTo: URL(fileURLWithPath: "/app", isDirectory: true)).testMocks)
        #expect(mocks.moduleName == "APIMocks")
        #expect(mocks.apiPackagePath == "../../API")
        #expect(mocks.orionPath == "../../orion")
        #expect(configuration.options.testMocks == nil)
    }

    @Test func anUnknownKeyInTestMocksSaysWhereItIs() throws {
        let json = Self.valid.replacingOccurrences(of: #""orionPath": "../orion""#, with: #""testMocks": {"path": "M", "modulename": "M"}"#)
        let (file, message) = try loadError(json)
        #expect(message == "\(file.path): unknown key \"modulename\" in \"testMocks\". Did you mean \"moduleName\"?")
    }

    @Test func testMocksNeedAPackage() throws {
        let json = Self.valid.replacingOccurrences(of: #""orionPath": "../orion""#, with: #""testMocks": {"path": "M"}"#)
        let (file, message) = try loadError(json)
        #expect(message == "\(file.path): \"testMocks\" needs \"output.moduleType\" \"swift-package\": the mocks are a package that imports the API's module.")
    }
}
