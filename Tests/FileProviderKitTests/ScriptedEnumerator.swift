import FileProviderKit
import Foundation

/// An enumerator that replays a fixed script for each page or anchor it is asked about, so tests
/// can make it break the observer contract on purpose.
struct ScriptedEnumerator: Enumerator {
    /// One thing the enumerator does to an observer.
    enum Step: Sendable {
        case items([ItemSnapshot])
        case finish(nextPage: Page?)
        case finishChanges(anchor: SyncAnchor, moreComing: Bool)
        case updates([ItemSnapshot])
        case deletions([ItemIdentifier])
        case fail(FileProviderError)
        case makePage(byteCount: Int)
    }

    var pages: [Page: [Step]] = [:]
    var anchors: [SyncAnchor: [Step]] = [:]
    var current: SyncAnchor

    init(pages: [Page: [Step]] = [:], anchors: [SyncAnchor: [Step]] = [:], current: SyncAnchor) {
        self.pages = pages
        self.anchors = anchors
        self.current = current
    }

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        for step in pages[page] ?? [.fail(FileProviderError(.pageExpired))] {
            switch step {
            case .items(let items): observer.didEnumerate(items)
            case .finish(let nextPage): observer.finishEnumerating(upTo: nextPage)
            case .fail(let error): observer.finishEnumeratingWithError(error)
            case .makePage(let byteCount):
                do {
                    observer.finishEnumerating(upTo: try Page(Data(count: byteCount)))
                } catch {
                    observer.finishEnumeratingWithError(error)
                }
            case .finishChanges, .updates, .deletions: break
            }
        }
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        for step in anchors[anchor] ?? [.fail(FileProviderError(.syncAnchorExpired))] {
            switch step {
            case .updates(let items): observer.didUpdate(items)
            case .deletions(let identifiers): observer.didDeleteItems(withIdentifiers: identifiers)
            case .finishChanges(let anchor, let moreComing):
                observer.finishEnumeratingChanges(upTo: anchor, moreComing: moreComing)
            case .fail(let error): observer.finishEnumeratingWithError(error)
            case .items, .finish, .makePage: break
            }
        }
    }

    func currentSyncAnchor() async throws -> SyncAnchor? { current }
}

extension Page {
    /// A test page whose bytes are `name` in UTF-8.
    static func named(_ name: String) throws -> Page { try Page(Data(name.utf8)) }
}

extension SyncAnchor {
    /// A test anchor whose bytes are `name` in UTF-8.
    static func named(_ name: String) throws -> SyncAnchor { try SyncAnchor(Data(name.utf8)) }
}

/// A file item named `name` in the root, identified by `name`.
func file(_ name: String, parent: ItemIdentifier = .rootContainer) -> ItemSnapshot {
    ItemSnapshot(itemIdentifier: ItemIdentifier(name), parentItemIdentifier: parent, filename: name, contentType: .data)
}
