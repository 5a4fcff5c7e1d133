import FileProviderHost
import FileProviderKit
import Foundation
import Testing

@Suite("Replica")
struct ReplicaTests {
    private func file(
        _ identifier: ItemIdentifier,
        in parent: ItemIdentifier,
        named name: String? = nil
    ) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: name ?? identifier.rawValue,
            contentType: .data
        )
    }

    private func folder(_ identifier: ItemIdentifier, in parent: ItemIdentifier) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: identifier.rawValue,
            contentType: .folder
        )
    }

    @Test("an update with a new parent moves the item in the children index")
    func moveUpdatesChildrenIndex() {
        var replica = Replica()
        replica.upsert(folder("d1", in: .rootContainer))
        replica.upsert(folder("d2", in: .rootContainer))
        replica.upsert(file("f", in: "d1"))
        let previous = replica.upsert(file("f", in: "d2", named: "renamed"))
        #expect(previous?.parentItemIdentifier == "d1")
        #expect(replica.childIdentifiers(of: "d1").isEmpty)
        #expect(replica.children(of: "d2").map(\.filename) == ["renamed"])
        #expect(replica.count == 3)
    }

    @Test("removing a folder removes every descendant the replica holds, and only those")
    func removeRemovesDescendants() {
        var replica = Replica()
        replica.upsert(folder("d1", in: .rootContainer))
        replica.upsert(folder("d2", in: "d1"))
        replica.upsert(file("f1", in: "d1"))
        replica.upsert(file("f2", in: "d2"))
        replica.upsert(file("other", in: .rootContainer))
        let removed = replica.remove("d1")
        #expect(removed.first == "d1")
        #expect(Set(removed) == ["d1", "d2", "f1", "f2"])
        #expect(replica.allItems.map(\.itemIdentifier) == ["other"])
        #expect(replica.childIdentifiers(of: "d2").isEmpty)
    }

    @Test("an item held before its parent is found once the parent arrives; removing an unknown parent removes it")
    func orphansAreIndexedUnderTheirParent() {
        var replica = Replica()
        replica.upsert(file("child", in: "parent"))
        #expect(replica.childIdentifiers(of: "parent") == ["child"])
        replica.upsert(folder("parent", in: .rootContainer))
        #expect(replica.descendants(of: .rootContainer).map(\.itemIdentifier) == ["parent", "child"])
        var withoutParent = Replica()
        withoutParent.upsert(file("child", in: "parent"))
        #expect(withoutParent.remove("parent") == ["child"])
        #expect(withoutParent.isEmpty)
    }

    @Test("the difference from a listing names missing, unexpected and mismatched items")
    func differenceFromListing() {
        var replica = Replica()
        replica.upsert(file("same", in: .rootContainer))
        replica.upsert(file("stale", in: .rootContainer))
        replica.upsert(file("gone", in: .rootContainer))
        let listing = [
            file("same", in: .rootContainer), file("stale", in: .rootContainer, named: "fresh"),
            file("new", in: .rootContainer),
        ]
        let difference = replica.difference(from: listing)
        #expect(difference.missing.map(\.itemIdentifier) == ["new"])
        #expect(difference.unexpected == ["gone"])
        #expect(difference.mismatched.map(\.listed.filename) == ["fresh"])
        #expect(!difference.isEmpty)
        var converged = replica
        converged.remove("gone")
        for item in listing { converged.upsert(item) }
        #expect(converged.difference(from: listing).isEmpty)
    }

    @Test("items with every property set come back equal, whether held compactly or whole")
    func itemsComeBackEqual() throws {
        let custom = ContentType("com.example.bundle", conformingTo: [.directory])
        let sameIdentifierOtherSupertypes = ContentType("com.example.bundle")
        let plain = ItemSnapshot(
            itemIdentifier: "plain",
            parentItemIdentifier: .rootContainer,
            filename: "a rather long file name that is not a small string.txt",
            contentType: .jpeg,
            capabilities: [.allowsReading, .allowsRenaming],
            itemVersion: ItemVersion(contentRevision: 3, metadataRevision: 9),
            documentSize: 1_234,
            childItemCount: 7,
            creationDate: Date(timeIntervalSinceReferenceDate: 1.5),
            contentModificationDate: Date(timeIntervalSinceReferenceDate: -2.25),
            isUploaded: false,
            isUploading: true,
            isDownloaded: false,
            isDownloading: true,
            isMostRecentVersionDownloaded: false,
            isShared: true,
            isSharedByCurrentUser: true,
            fileSystemFlags: [.userReadable, .hidden],
            contentPolicy: .downloadEagerlyAndKeepDownloaded
        )
        let rare = ItemSnapshot(
            itemIdentifier: "rare",
            parentItemIdentifier: "plain",
            filename: "rare",
            contentType: custom,
            itemVersion: try ItemVersion(contentVersion: Data(repeating: 7, count: 40), metadataVersion: Data([1])),
            lastUsedDate: Date(timeIntervalSinceReferenceDate: 3),
            tagData: Data([1, 2]),
            favoriteRank: 5,
            uploadingError: .serverUnreachable,
            userInfo: ["k": .string("v")],
            extendedAttributes: ["x": Data([3])],
            symlinkTargetPath: "target",
            decorations: [DecorationIdentifier("badge")]
        )
        let otherSupertypes = ItemSnapshot(
            itemIdentifier: "other",
            parentItemIdentifier: .rootContainer,
            filename: "other",
            contentType: sameIdentifierOtherSupertypes
        )
        var replica = Replica()
        for item in [plain, rare, otherSupertypes] { replica.upsert(item) }
        #expect(replica.item("plain") == plain)
        #expect(replica.item("rare") == rare)
        #expect(
            replica.item("other")?.contentType.supertypeIdentifiers
                == sameIdentifierOtherSupertypes.supertypeIdentifiers
        )
        #expect(replica.item("rare")?.contentType.isDirectory == true)
        #expect(replica.children(of: "plain") == [rare])
        var swapped = rare
        swapped.tagData = nil
        swapped.lastUsedDate = nil
        #expect(replica.upsert(swapped) == rare)
        #expect(replica.upsert(rare) == swapped)
        #expect(replica.allItems == [otherSupertypes, plain, rare])
    }

    @Test("random upserts, moves and removals agree with a dictionary of the same items")
    func randomOperationsAgreeWithADictionary() {
        var random = Xorshift(seed: 42)
        let folders = (0..<20).map { ItemIdentifier("folder-\($0)") }
        let files = (0..<280).map { ItemIdentifier("file-\($0)") }
        var replica = Replica()
        var model: [ItemIdentifier: ItemSnapshot] = [:]
        for step in 0..<6_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                let index = Int.random(in: 0..<folders.count, using: &random)
                let parent = index == 0 ? .rootContainer : folders[Int.random(in: 0..<index, using: &random)]
                let item = folder(folders[index], in: parent)
                #expect(replica.upsert(item) == model.updateValue(item, forKey: item.itemIdentifier))
            case 3..<8:
                let parents = folders + [.rootContainer, .trashContainer, "never-listed"]
                let item = file(
                    files.randomElement(using: &random)!,
                    in: parents.randomElement(using: &random)!,
                    named: "name-\(step)"
                )
                #expect(replica.upsert(item) == model.updateValue(item, forKey: item.itemIdentifier))
            default:
                let identifier = (folders + files + ["never-listed"]).randomElement(using: &random)!
                var removed: Set<ItemIdentifier> = model[identifier] == nil ? [] : [identifier]
                var parents: Set<ItemIdentifier> = [identifier]
                while true {
                    let children = model.values.filter { parents.contains($0.parentItemIdentifier) }.map(
                        \.itemIdentifier
                    )
                    let fresh = Set(children).subtracting(removed)
                    if fresh.isEmpty { break }
                    removed.formUnion(fresh)
                    parents = fresh
                }
                for gone in removed { model[gone] = nil }
                let reported = replica.remove(identifier)
                #expect(Set(reported) == removed)
                #expect(reported.count == removed.count)
            }
            if step % 200 == 0 || step == 5_999 {
                #expect(replica.count == model.count)
                #expect(replica.allItems == model.keys.sorted().map { model[$0]! })
                for parent in folders + [.rootContainer, .trashContainer, "never-listed"] {
                    #expect(
                        replica.childIdentifiers(of: parent)
                            == Set(model.values.filter { $0.parentItemIdentifier == parent }.map(\.itemIdentifier))
                    )
                }
                #expect(
                    Set(replica.descendants(of: .rootContainer).map(\.itemIdentifier))
                        == descendants(of: .rootContainer, in: model)
                )
            }
        }
    }

    private func descendants(
        of ancestor: ItemIdentifier,
        in model: [ItemIdentifier: ItemSnapshot]
    ) -> Set<ItemIdentifier> {
        var found: Set<ItemIdentifier> = []
        var level: Set<ItemIdentifier> = [ancestor]
        while !level.isEmpty {
            level = Set(model.values.filter { level.contains($0.parentItemIdentifier) }.map(\.itemIdentifier))
            found.formUnion(level)
        }
        return found
    }
}
