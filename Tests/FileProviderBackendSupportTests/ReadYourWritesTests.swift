import FileProviderBackendSupport
import Testing

@Suite struct ReadYourWritesTests {
    /// A backend whose listings show its state `lag` writes late; its position is the number of
    /// writes.
    struct LaggingBackend {
        var history: [[ListedObject]] = [[]]
        let lag: Int

        mutating func write(_ change: ([ListedObject]) -> [ListedObject]) -> UInt64 {
            history.append(change(history.last ?? []))
            return UInt64(history.count - 1)
        }

        var listedPosition: UInt64 { UInt64(max(0, history.count - 1 - lag)) }
        var listing: [ListedObject] { history[Int(listedPosition)] }
    }

    /// Own writes show at once and never flip back while the backend catches up; a differ fed
    /// the view reports each change once.
    @Test(arguments: [0, 1, 3]) func ownWritesAreReportedBeforeTheBackendShowsThem(lag: Int) {
        var backend = LaggingBackend(lag: lag)
        var overlay = ReadYourWrites()
        var differ = ListingDiffer()
        func changes() -> [ListingChange] {
            differ.diff(overlay.view(of: backend.listing, includingWritesUpTo: backend.listedPosition))
        }
        let file = ListedObject(key: "docs/a", tag: "v1", embeddedIdentifier: "A")
        overlay.acknowledgeWrite(file, at: backend.write { $0 + [file] })
        #expect(changes() == [.created(file)])
        let edited = ListedObject(key: "docs/a", tag: "v2", embeddedIdentifier: "A")
        overlay.acknowledgeWrite(edited, at: backend.write { _ in [edited] })
        #expect(changes() == [.modified(edited, previous: file)])
        overlay.acknowledgeDeletion(of: "docs/a", at: backend.write { _ in [] })
        #expect(changes() == [.deleted(edited)])
        // The backend catches up: no change flips back, and the overlay empties.
        for _ in 0..<lag {
            _ = backend.write { $0 }
            #expect(changes().isEmpty)
        }
        #expect(changes().isEmpty)
        #expect(overlay.pendingCount == 0)
    }

    @Test func scopeLimitsWhatIsAddedAndRetired() {
        var overlay = ReadYourWrites()
        overlay.acknowledgeWrite(ListedObject(key: "b/x", tag: "1"), at: 1)
        #expect(overlay.view(of: [], includingWritesUpTo: 5, scope: "a/").isEmpty)
        #expect(overlay.pendingCount == 1)
        #expect(overlay.view(of: [], includingWritesUpTo: 0, scope: "b/") == [ListedObject(key: "b/x", tag: "1")])
        #expect(overlay.view(of: [], includingWritesUpTo: 1, scope: "b/").isEmpty)
        #expect(overlay.pendingCount == 0)
    }
}
