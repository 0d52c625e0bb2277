import Foundation

/// Where the tests find the repository and the shared data: `../shared/data` beside the
/// checkout, or `$ORION_SHARED_DATA`.
public enum Repository {
    /// The checkout's root folder.
    public static var root: URL {
        // <repo>/Tests/TestSupport/Repository.swift
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The shared data folder.
    public static var sharedData: URL {
        if let path = ProcessInfo.processInfo.environment["ORION_SHARED_DATA"] { return URL(fileURLWithPath: path) }
        return root.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    /// Every file under a shared folder whose extension is one of `extensions`, sorted by path.
    public static func sharedFiles(under folder: String = "", extensions: Set<String>) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: sharedData.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if extensions.contains(url.pathExtension) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
