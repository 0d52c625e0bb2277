import Foundation

/// The launches the server knows, read once from the bundled SpaceX data and never changed.
struct LaunchCatalog: Sendable {
    /// A page of `launches(pageSize:after:)`.
    struct Page: Sendable {
        let launches: [Launch]
        let cursor: String
        let hasMore: Bool
    }

    /// Why a page could not be made; the message is the GraphQL error's.
    enum PageError: Error, Equatable {
        case invalidPageSize(Int)
        case invalidCursor(String)

        var message: String {
            switch self {
            case .invalidPageSize(let size): "pageSize must be at least 1, got \(size)."
            case .invalidCursor(let cursor): "Invalid cursor \"\(cursor)\": pass the cursor of a previous page."
            }
        }
    }

    /// Newest first: by launch date descending, ties broken by flight number descending.
    let launches: [Launch]
    private let indexByFlightNumber: [Int: Int]
    private let launchByID: [String: Launch]

    init(launches: [Launch]) {
        let sorted = launches.sorted {
            ($0.launchDate, $0.flightNumber) > ($1.launchDate, $1.flightNumber)
        }
        self.launches = sorted
        indexByFlightNumber = Dictionary(sorted.enumerated().map { ($1.flightNumber, $0) }, uniquingKeysWith: { first, _ in first })
        launchByID = Dictionary(sorted.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads a SpaceX API v3 launches file (a JSON array of launches).
    init(spaceXJSON data: Data) throws {
        let records = try JSONDecoder().decode([SpaceXLaunchRecord].self, from: data)
        self.init(launches: records.map(\.launch))
    }

    func launch(id: String) -> Launch? {
        launchByID[id]
    }

    /// The `pageSize` launches after the one `after` names (from the newest when nil).
    ///
    /// The page after the last is empty, keeps the cursor it was asked with and has no more.
    func page(size: Int, after: String?) throws(PageError) -> Page {
        guard size >= 1 else { throw .invalidPageSize(size) }
        var start = 0
        if let after {
            guard let flightNumber = Cursor.decode(after), let index = indexByFlightNumber[flightNumber] else {
                throw .invalidCursor(after)
            }
            start = index + 1
        }
        // Adding to a huge pageSize must not overflow.
        let end = size >= launches.count - start ? launches.count : start + size
        let items = Array(launches[start..<end])
        let cursor: String
        if let last = items.last {
            cursor = Cursor.encode(flightNumber: last.flightNumber)
        } else if let after {
            cursor = after
        } else {
            // An empty catalog: a cursor for "nothing yet", which pages to nothing again.
            cursor = Cursor.encode(flightNumber: 0)
        }
        return Page(launches: items, cursor: cursor, hasMore: end < launches.count)
    }
}
