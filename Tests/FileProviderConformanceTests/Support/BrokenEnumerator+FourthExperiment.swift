import FileProviderKit
import Foundation

/// The broken enumerator's bugs found by the fourth blind experiment.
extension BrokenEnumerator {
    /// For ``Bug/longNamesInPageTokens``: the prefix of its name-sorted page tokens.
    static let twicePrefix = Data("twice:".utf8)

    /// For ``Bug/longNamesInPageTokens``: the listing in the reference provider's name order, each
    /// next page holding the last name delivered twice, a cursor and a hint, separated by NUL; a
    /// page that does not fit fails the listing.
    func listWithNameTwice(to observer: any EnumerationObserver, startingAt page: Page) async {
        do {
            let items = try await base.allItems(suggestedPageSize: 10_000)
            var start = 0
            if !page.isInitial {
                let cursor = page.rawValue.dropFirst(Self.twicePrefix.count).split(separator: 0).first ?? Data()
                let last = String(decoding: cursor, as: UTF8.self)
                guard let index = items.firstIndex(where: { $0.filename == last }) else {
                    throw FileProviderError(.pageExpired, message: "The page's item is gone.")
                }
                start = index + 1
            }
            let served = Array(items[min(start, items.count)..<min(items.count, start + observer.suggestedPageSize)])
            var next: Page?
            if start + served.count < items.count, let last = served.last {
                let name = Data(last.filename.utf8)
                next = try Page(Self.twicePrefix + name + Data([0]) + name)
            }
            if !served.isEmpty { observer.didEnumerate(handOut(served)) }
            observer.finishEnumerating(upTo: next)
        } catch {
            observer.finishEnumeratingWithError(provider.outgoing(error))
        }
    }

    /// For ``Bug/deletedFolderListsEmpty``: whether the folder this enumerator lists no longer exists.
    func containerIsGone() async -> Bool {
        guard ![.rootContainer, .trashContainer, .workingSet].contains(container) else { return false }
        do {
            _ = try await provider.base.item(for: container, request: Request())
            return false
        } catch let error as FileProviderError {
            return error.code == .noSuchItem
        } catch {
            return false
        }
    }
}
