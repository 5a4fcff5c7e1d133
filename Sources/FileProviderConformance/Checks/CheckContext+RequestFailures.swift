import FileProviderKit
import Foundation

/// What a folder holds, path by path, as listings, lookups and fetches show it: the shape an
/// operation that fails midway must leave untouched or fully changed.
struct TreeShape: Equatable, Sendable, CustomStringConvertible {
    /// One item of the shape.
    struct Entry: Equatable, Sendable {
        /// The item's identifier; `nil` in an expected shape matches any (an item the operation creates).
        var identifier: ItemIdentifier?
        /// The content of a file; `nil` for a folder.
        var content: Data?
    }

    /// The entries by path below the folder, for example `From/draft.txt`.
    var entries: [String: Entry]

    /// Whether `actual` is this shape, identifiers this shape leaves open matching any.
    func matches(_ actual: TreeShape) -> Bool {
        guard entries.keys.sorted() == actual.entries.keys.sorted() else { return false }
        return entries.allSatisfy { path, entry in
            guard let other = actual.entries[path], other.content == entry.content else { return false }
            return entry.identifier == nil || entry.identifier == other.identifier
        }
    }

    var description: String {
        entries.keys.sorted().map { path in
            guard let content = entries[path]?.content else { return path + "/" }
            return "\(path) (\(content.count) bytes)"
        }.joined(separator: ", ")
    }
}

/// Operations that fail inside themselves, at one backend request after another, through the
/// fixture's ``ProviderFixture/failRequest`` hook.
extension CheckContext {
    /// How many requests inside one operation the checks fail one after another before they give up.
    static let requestFailureLimit = 64

    /// For n = 1, 2, … makes a fresh target with `prepare(n)` (which returns the folder it made,
    /// the shape below it, the shape the operation must make there, and the operation), arms a
    /// failure of backend request n, runs the operation,
    /// and checks the shape below the target's folder through listings, lookups, fetches and the
    /// working set's changes: untouched or fully changed after a failure, fully changed after a
    /// success. Stops at the first success. Records a finding when request 1 fails nothing (the
    /// hook has no effect), or when no attempt up to ``requestFailureLimit`` succeeds.
    func failEachRequest(
        of operation: String,
        prepare: (Int) async throws -> (ItemIdentifier, TreeShape, TreeShape, @Sendable () async throws -> Void)
    ) async throws {
        for number in 1...Self.requestFailureLimit {
            let (folder, before, after, perform) = try await prepare(number)
            let base = try await shape(below: folder)
            guard before.matches(base) else {
                throw abort(
                    "the tree made for \(operation) is not what was created",
                    expected: before.description,
                    actual: base.description
                )
            }
            let anchor = try await self.anchor(.workingSet)
            let listedBefore = ItemDigest.map(try await tree(below: folder))
            try await failRequest(number)
            note("\(operation), failing backend request \(number)")
            var failure: (any Error)?
            do { try await perform() } catch { failure = error }
            try await failRequest(nil)
            let reached = try await shape(below: folder)
            try await expectChangesConverge(from: anchor, over: listedBefore, below: folder, operation)
            guard let failure else {
                expect(
                    number > 1,
                    "\(operation) succeeded with its first backend request failed: the fixture's failRequest "
                        + "hook made nothing fail",
                    expected: "a failure, at least of the call's first request",
                    actual: "success"
                )
                expect(
                    after.matches(reached),
                    "\(operation) succeeded but did not make the change in full",
                    expected: after.description,
                    actual: reached.description
                )
                return
            }
            expect(
                failure is FileProviderError,
                "\(operation) failed at backend request \(number) with an error that is not a FileProviderError",
                actual: "\(failure)"
            )
            expect(
                before.matches(reached) || after.matches(reached),
                "\(operation) failed at backend request \(number) and left the tree half changed",
                expected: "untouched (\(before)) or fully changed (\(after))",
                actual: reached.description
            )
        }
        fail(
            "\(operation) never succeeded while one backend request after another failed",
            expected: "a success within \(Self.requestFailureLimit) requests",
            actual: "a failure at every request up to \(Self.requestFailureLimit)"
        )
    }

    /// The shape below `folder`: every item's path, identifier and content, each listed item
    /// also looked up with `item(for:)` (which must agree with the listing).
    func shape(below folder: ItemIdentifier) async throws -> TreeShape {
        let items = try await tree(below: folder)
        let byIdentifier = Dictionary(items.map { ($0.itemIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [String: TreeShape.Entry] = [:]
        for item in items {
            var path = item.filename
            var parent = item.parentItemIdentifier
            while parent != folder, let above = byIdentifier[parent] {
                path = above.filename + "/" + path
                parent = above.parentItemIdentifier
            }
            let looked = try await self.item(item.itemIdentifier)
            expect(
                ItemDigest(looked) == ItemDigest(item),
                "item(for: \(item.itemIdentifier)) disagrees with the listing of its folder",
                expected: ItemDigest(item).description,
                actual: ItemDigest(looked).description
            )
            let content = item.contentType.isDirectory ? nil : try await fetch(item.itemIdentifier).0
            entries[path] = TreeShape.Entry(identifier: item.itemIdentifier, content: content)
        }
        return TreeShape(entries: entries)
    }

    /// Records a finding unless the working set's changes since `anchor`, replayed over `base`
    /// (the items below `folder` when the anchor was taken), give the items below it now.
    private func expectChangesConverge(
        from anchor: SyncAnchor,
        over base: [ItemIdentifier: ItemDigest],
        below folder: ItemIdentifier,
        _ operation: String
    ) async throws {
        let changes = try await self.changes(.workingSet, since: anchor)
        var state = base
        var inside: Set<ItemIdentifier> = Set(base.keys).union([folder])
        for item in changes.updatedItems {
            if inside.contains(item.parentItemIdentifier) {
                inside.insert(item.itemIdentifier)
                state[item.itemIdentifier] = ItemDigest(item)
            } else {
                state[item.itemIdentifier] = nil
            }
        }
        let parents = state.mapValues(\.parent)
        for identifier in Self.selfAndDescendants(of: changes.deletedItemIdentifiers, parents: parents) {
            state[identifier] = nil
        }
        let truth = ItemDigest.map(try await tree(below: folder))
        let differences = ItemDigest.differences(state, truth)
        expect(
            differences.isEmpty,
            "the working set's changes since \(operation) do not give the tree as it is",
            actual: differences.joined(separator: "; ")
        )
    }
}
