import OrionCompiler

/// A schema's documentation site and its explorer: static pages that work offline, from any
/// directory or server, with nothing loaded from elsewhere.
///
/// The files are `index.html` (the docs: types by kind, a page per type, links, search),
/// `explorer.html` (operation editor, variables, headers, result, subscription events, the
/// generated-Swift preview, the docs beside), and their CSS and JavaScript. The schema is
/// embedded in each page as JSON that the page's script renders. Same schema and options, same
/// bytes.
public enum DocsSite {
    /// Where the pages find their assets and the GraphQL endpoint.
    public struct Options: Sendable, Hashable {
        /// The title of the pages, e.g. the API's name.
        public var title: String
        /// The GraphQL endpoint the explorer sends operations to (HTTP, and WebSocket for
        /// subscriptions at the same URL with `ws:`), absolute or relative to the page.
        public var endpoint: String
        /// Where the explorer opens WebSocket subscriptions (`graphql-transport-ws`); nil for the
        /// endpoint's URL with a `ws:` scheme. A page whose HTTP requests go through a proxy sets
        /// it to the real server's, since browsers open WebSockets across origins.
        public var subscriptionEndpoint: String?
        /// Where the explorer POSTs an operation for its generated-Swift preview; nil when no
        /// process serves the preview (a site opened from files).
        public var previewEndpoint: String?
        /// Prefixed to the assets' and pages' file names: empty for files side by side, `/docs/`
        /// when a server serves them under that path.
        public var assetPrefix: String

        /// Options with the defaults of a static site: assets beside the pages, no preview.
        ///
        /// - Parameters:
        ///   - title: The title of the pages.
        ///   - endpoint: The GraphQL endpoint the explorer talks to.
        ///   - subscriptionEndpoint: Where subscriptions connect, when not at the endpoint.
        ///   - previewEndpoint: Where the generated-Swift preview is served, if anywhere.
        ///   - assetPrefix: Prefixed to asset and page file names.
        public init(
            title: String = "GraphQL schema", endpoint: String = "/graphql", subscriptionEndpoint: String? = nil, previewEndpoint: String? = nil,
            assetPrefix: String = ""
        ) {
            self.title = title
            self.endpoint = endpoint
            self.subscriptionEndpoint = subscriptionEndpoint
            self.previewEndpoint = previewEndpoint
            self.assetPrefix = assetPrefix
        }
    }

    /// The page of the docs.
    public static let docsPage = "index.html"
    /// The page of the explorer.
    public static let explorerPage = "explorer.html"

    /// The site's files: the two pages, then the assets.
    ///
    /// - Throws: `DocsAssetError` when the assets are missing beside the program.
    public static func files(schema: Schema, options: Options) throws(DocsAssetError) -> [GeneratedFile] {
        let schemaJSON = SchemaDocsJSON.encode(schema)
        var files = [
            GeneratedFile(path: docsPage, contents: page(.docs, schemaJSON: schemaJSON, options: options)),
            GeneratedFile(path: explorerPage, contents: page(.explorer, schemaJSON: schemaJSON, options: options)),
        ]
        for name in DocsAssets.names {
            files.append(GeneratedFile(path: name, contents: try DocsAssets.text(of: name)))
        }
        return files
    }

    /// One page, docs or explorer, with the schema embedded.
    public static func page(_ kind: PageKind, schema: Schema, options: Options) -> String {
        page(kind, schemaJSON: SchemaDocsJSON.encode(schema), options: options)
    }

    /// The two pages of the site.
    public enum PageKind: String, Sendable {
        /// The documentation: index, search, a type at a time.
        case docs
        /// The explorer: editor, variables, headers, results, the docs beside.
        case explorer
    }

    private static func page(_ kind: PageKind, schemaJSON: String, options: Options) -> String {
        let prefix = html(options.assetPrefix)
        let scripts = kind == .explorer ? ["orion-docs.js", "orion-explorer.js"] : ["orion-docs.js"]
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(html(options.title)) · \(kind == .docs ? "Schema" : "Explorer")</title>
            <link rel="stylesheet" href="\(prefix)orion-docs.css">
            </head>
            <body data-page="\(kind.rawValue)" data-endpoint="\(html(options.endpoint))" data-subscriptions="\(html(options.subscriptionEndpoint ?? ""))" \
            data-preview="\(html(options.previewEndpoint ?? ""))" \
            data-docs="\(prefix)\(docsPage)" data-explorer="\(prefix)\(explorerPage)" data-title="\(html(options.title))">
            <script id="orion-schema" type="application/json">\(schemaJSON)</script>
            \(scripts.map { "<script src=\"\(prefix)\($0)\"></script>" }.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    /// Text for an HTML attribute or element.
    private static func html(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
