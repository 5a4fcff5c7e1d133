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

        /// A fresh enumerator and an anchor with exactly 100 changes (renames spread over the
        /// domain) after it.
        var value: (enumerator: any Enumerator, anchor: SyncAnchor) {
            if let value = built.withLock({ $0 }) { return value }
            let store = makeStore(items: size)
            let enumerator = store.makeProvider().enumeratorNow(for: .workingSet)
            let anchor = runBlocking { try! await enumerator.currentSyncAnchor() }
            for change in 0..<100 {
                let identifier = ItemIdentifier("i\(change * (size / 100) + 1)")
                _ = try! store.remote.rename(identifier, to: "CHANGED_\(change).jpg")
            }
            let value = (store.makeProvider().enumeratorNow(for: .workingSet), anchor)
            built.withLock { $0 = value }
            return value
        }
    }

    final class Mutations: Sendable {
        let provider = makeStore(items: 1_000_000).makeProvider()
        private let serial = Mutex(0)

        func nextSerial() -> Int {
            serial.withLock {
                $0 += 1
                return $0
            }
        }
    }
}

/// A store whose root holds `items` JPEG files named `IMG_0000001.jpg` …, created remotely with a
/// manual clock one millisecond apart.
func makeStore(items count: Int) -> InMemoryStore {
    let clock = ManualStoreClock()
    let store = InMemoryStore(
        domain: Domain(identifier: try! DomainIdentifier("bench"), displayName: "Bench"),
        configuration: InMemoryStoreConfiguration(clock: clock)
    )
    for index in 1...count {
        clock.advance(by: .milliseconds(1))
        let name = "IMG_" + String(repeating: "0", count: max(0, 7 - String(index).count)) + "\(index).jpg"
        _ = try! store.remote.createFile(named: name, contentType: .jpeg)
    }
    return store
}

extension InMemoryFileProvider {
    /// An enumerator, outside async code.
    func enumeratorNow(for container: ItemIdentifier) -> any Enumerator {
        runBlocking { try! await self.enumerator(for: container, request: Request()) }
    }
}

/// Runs async work to completion from synchronous setup code.
func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}

/// Lists every page of a container and returns the number of items.
func listAll(_ enumerator: any Enumerator, pageSize: Int) async -> Int {
    let observer = CountingObserver(pageSize: pageSize)
    var page: Page? = .initialPageSortedByName
    while let current = page {
        await enumerator.enumerateItems(for: observer, startingAt: current)
        page = observer.nextPage
    }
    return observer.count
}

/// Lists one page and returns the number of items.
func listPage(_ enumerator: any Enumerator, at page: Page, pageSize: Int) async -> Int {
    let observer = CountingObserver(pageSize: pageSize)
    await enumerator.enumerateItems(for: observer, startingAt: page)
    return observer.count
}

/// The resident memory of this process, from /proc/self/statm.
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// An observer that counts items and keeps the next page; used by one task at a time.
final class CountingObserver: EnumerationObserver, @unchecked Sendable {
    let suggestedPageSize: Int
    private(set) var count = 0
    private(set) var nextPage: Page?

    init(pageSize: Int) {
        suggestedPageSize = pageSize
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        count += items.count
    }

    func finishEnumerating(upTo nextPage: Page?) {
        self.nextPage = nextPage
    }

    func finishEnumeratingWithError(_ error: any Error) {
        fatalError("Enumeration failed: \(error)")
    }
}
