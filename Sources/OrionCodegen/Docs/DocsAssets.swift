import Foundation

/// The docs pages' CSS and JavaScript, shipped as resources of OrionCodegen.
public enum DocsAssets {
    /// The asset files, by name, in the order the site lists them.
    public static let names = ["orion-docs.css", "orion-docs.js", "orion-explorer.js"]

    /// The text of the asset `name`.
    ///
    /// - Throws: `DocsAssetError` when `name` is not an asset or its file is missing.
    public static func text(of name: String) throws(DocsAssetError) -> String {
        guard names.contains(name) else { throw DocsAssetError(name: name, reason: "no such asset; the assets are \(names.joined(separator: ", "))") }
        guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Assets") else {
            throw DocsAssetError(name: name, reason: "OrionCodegen's resource bundle is not beside the program; keep the bundle next to the executable")
        }
        do {
            return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        } catch {
            throw DocsAssetError(name: name, reason: "cannot read \(directory.appendingPathComponent(name).path): \(error.localizedDescription)")
        }
    }

    /// The MIME type a server sends an asset with.
    public static func contentType(of name: String) -> String {
        name.hasSuffix(".css") ? "text/css; charset=utf-8" : name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8"
    }
}
