import FileProviderBackendSupport
import FileProviderKit
import Testing

@Suite struct ListingDifferTests {
    @Test func createsModifiesMovesAndDeletes() {
        var differ = ListingDiffer()
        let first = [
            ListedObject(key: "a/", tag: "d", embeddedIdentifier: "A"),
            ListedObject(key: "a/1", tag: "t1", embeddedIdentifier: "F1"),
            ListedObject(key: "a/2", tag: "t2", embeddedIdentifier: "F2"),
            ListedObject(key: "b", tag: "t3"),
        ]
        #expect(differ.diff(first).count == 4)
        #expect(differ.diff(first).isEmpty)
        let second = [
            ListedObject(key: "c/1", tag: "t1", embeddedIdentifier: "F1"),  // moved out of a/
            ListedObject(key: "b", tag: "t4"),  // edited
            ListedObject(key: "c/", tag: "d", embeddedIdentifier: "C"),  // new folder
            ListedObject(key: "c/copy", tag: "t2", embeddedIdentifier: "F2"),  // a copy: F2 is still at a/2
            ListedObject(key: "a/2", tag: "t2", embeddedIdentifier: "F2"),
        ]
        let changes = differ.diff(second)
        #expect(
            changes == [
                .created(second[2]),
                .moved(from: first[1], to: second[0]),
                .created(second[3]),
                .modified(second[1], previous: first[3]),
                .deleted(first[0]),
            ]
        )
    }

    /// A rename found both ways round: the vanished key is never reported as a deletion.
    @Test func aRenameIsOneMove() {
        var differ = ListingDiffer(previous: [ListedObject(key: "old", tag: "t", embeddedIdentifier: "X")])
        let changes = differ.diff([ListedObject(key: "new", tag: "t", embeddedIdentifier: "X")])
        #expect(
            changes == [
                .moved(
                    from: ListedObject(key: "old", tag: "t", embeddedIdentifier: "X"),
                    to: ListedObject(key: "new", tag: "t", embeddedIdentifier: "X")
                )
            ]
        )
    }

    /// Deletions come deepest first, after every move out of the folders deleted.
    @Test func deletionsComeLastDeepestFirst() {
        var differ = ListingDiffer(previous: [
            ListedObject(key: "f/", tag: "d"), ListedObject(key: "f/g/", tag: "d"),
            ListedObject(key: "f/g/x", tag: "x", embeddedIdentifier: "X"),
        ])
        let changes = differ.diff([ListedObject(key: "x", tag: "x", embeddedIdentifier: "X")])
        #expect(changes.count == 3)
        #expect(
            changes.first
                == .moved(
                    from: ListedObject(key: "f/g/x", tag: "x", embeddedIdentifier: "X"),
                    to: ListedObject(key: "x", tag: "x", embeddedIdentifier: "X")
                )
        )
        #expect(
            changes.dropFirst().map { if case .deleted(let object) = $0 { object.key } else { "" } } == ["f/g/", "f/"]
        )
    }
}
