import BenchmarkSupport
import FileProviderKit
import Foundation
import InMemoryFileProvider
import Synchronization

/// The stores the benchmarks measure, each built once, on first use, in a benchmark's setup.
enum Domains {
    /// A 1,000,000-item folder to list.
    static let listing = Listing()

    /// A domain of 1,000,000 items and one of 1,000, each with an anchor followed by 100 changes.
    static let changesLarge = ChangesDomain(size: 1_000_000, label: "1M")
    static let changesSmall = ChangesDomain(size: 1_000, label: "1K")

    /// A 1,000,000-item folder to create items in and rename items of.
    static let mutations = Mutations()

    final class Listing: Sendable {
        let store = makeStore(items: 1_000_000)
        let enumerator: any Enumerator
        let items: [ItemSnapshot]
        let pageAt900K: Page

        init() {
            let provider = store.makeProvider()
            let enumerator = provider.enumeratorNow(for: .rootContainer)
            self.enumerator = enumerator
            self.items = store.snapshot().items
            let observer = CountingObserver(pageSize: 900_000)
            runBlocking { await enumerator.enumerateItems(for: observer, startingAt: .initialPageSortedByName) }
            guard let page = observer.nextPage else { fatalError("The 1M-item listing ended early.") }
            self.pageAt900K = page
        }
    }

    final class ChangesDomain: Sendable {
        let size: Int
        let label: String
        private let built: Mutex<(enumerator: any Enumerator, anchor: SyncAnchor)?> = Mutex(nil)

        init(size: Int, label: String) {
            self.size = size
            self.label = label
        }

        /// A fresh enumerator and an anchor with exactly 100 changes (renames of items picked at
        /// random) after it.
        var value: (enumerator: any Enumerator, anchor: SyncAnchor) {
            if let value = built.withLock({ $0 }) { return value }
            let store = makeStore(items: size)
            let enumerator = store.makeProvider().enumeratorNow(for: .workingSet)
            let anchor = runBlocking { try! await enumerator.currentSyncAnchor()! }
            for (change, index) in distinctRandomNumbers(100, in: 1...size, seed: UInt64(size)).enumerated() {
                _ = try! store.remote.rename(storeIdentifier(index), to: "CHANGED_\(change).jpg")
            }
            let value = (store.makeProvider().enumeratorNow(for: .workingSet), anchor)
            built.withLock { $0 = value }
            return value
        }
    }

    final class Mutations: Sendable {
        let provider = makeStore(items: 1_000_000).makeProvider()
        private let serial = Mutex(0)
        private let random = Mutex(SeededGenerator(seed: 5))

        func nextSerial() -> Int {
            serial.withLock {
                $0 += 1
                return $0
            }
        }

        /// One of the 1,000,000 items created first, picked at random.
        func randomItem() -> ItemIdentifier {
            storeIdentifier(random.withLock { Int.random(in: 1...1_000_000, using: &$0) })
        }
    }
}

extension InMemoryFileProvider {
    /// An enumerator, outside async code.
    func enumeratorNow(for container: ItemIdentifier) -> any Enumerator {
        runBlocking { try! await self.enumerator(for: container, request: Request()) }
    }
}
