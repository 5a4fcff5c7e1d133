import FileProviderKit
import InMemoryFileProvider

/// A store whose root holds `count` JPEG files named `IMG_0000001.jpg` …, created remotely with a
/// manual clock one millisecond apart; their identifiers are `i1` … in creation order.
///
/// - Parameter changeHistoryLimit: how many changes the store remembers; `nil` for the store's
///   default.
public func makeStore(items count: Int, changeHistoryLimit: Int? = nil) -> InMemoryStore {
    let clock = ManualStoreClock()
    var configuration = InMemoryStoreConfiguration(clock: clock)
    if let changeHistoryLimit { configuration.changeHistoryLimit = changeHistoryLimit }
    let store = InMemoryStore(
        domain: Domain(identifier: try! DomainIdentifier("bench"), displayName: "Bench"),
        configuration: configuration
    )
    for index in 1...count {
        clock.advance(by: .milliseconds(1))
        let name = "IMG_" + String(repeating: "0", count: max(0, 7 - String(index).count)) + "\(index).jpg"
        _ = try! store.remote.createFile(named: name, contentType: .jpeg)
    }
    return store
}

/// The identifier the reference store gives the `index`-th item created (from 1).
public func storeIdentifier(_ index: Int) -> ItemIdentifier {
    ItemIdentifier("i\(index)")
}
