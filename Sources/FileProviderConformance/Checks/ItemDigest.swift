import FileProviderKit

/// The parts of an item that convergence is judged on: where it is, what it is called, what kind
/// it is and which version it has.
struct ItemDigest: Hashable, Sendable, CustomStringConvertible {
    var parent: ItemIdentifier
    var filename: String
    var isDirectory: Bool
    var version: ItemVersion

    init(_ item: some FileProviderItem) {
        parent = item.parentItemIdentifier
        filename = item.filename
        isDirectory = item.contentType.isDirectory
        version = item.itemVersion
    }

    var description: String {
        "\"\(filename)\" in \(parent)\(isDirectory ? " (folder)" : "") \(version)"
    }

    /// The digests of `items` by identifier; a later duplicate wins.
    static func map(_ items: [any FileProviderItem]) -> [ItemIdentifier: ItemDigest] {
        Dictionary(items.map { ($0.itemIdentifier, ItemDigest($0)) }, uniquingKeysWith: { _, last in last })
    }

    /// The differences between two maps, one line per identifier, at most `limit` lines.
    static func differences(
        _ actual: [ItemIdentifier: ItemDigest],
        _ expected: [ItemIdentifier: ItemDigest],
        limit: Int = 10
    ) -> [String] {
        var lines: [String] = []
        for identifier in Set(actual.keys).union(expected.keys).sorted()
        where actual[identifier] != expected[identifier] {
            switch (actual[identifier], expected[identifier]) {
            case (let got?, let want?): lines.append("\(identifier): \(got) instead of \(want)")
            case (let got?, nil): lines.append("\(identifier): \(got) should not exist")
            case (nil, let want?): lines.append("\(identifier): missing, expected \(want)")
            case (nil, nil): break
            }
            if lines.count == limit { break }
        }
        return lines
    }
}
