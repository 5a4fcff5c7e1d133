/// A broken rule of the observer contract, seen by a consumer of an ``Enumerator``.
///
/// The enumeration conveniences (``Enumerator/pages(startingAt:suggestedPageSize:)``,
/// ``Enumerator/changes(since:suggestedBatchSize:)`` and their siblings) throw it instead of
/// crashing or hanging; hosts and the conformance harness record it with the call that caused it.
public struct ContractViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule that was broken.
    public enum Kind: Hashable, Sendable {
        /// A finish method was called more than once for one call.
        case finishedMoreThanOnce
        /// Items, changes or a finish were reported after the call had finished.
        case reportedAfterFinish
        /// The call returned without calling a finish method.
        case didNotFinish
        /// A page or batch held more items than the observer suggested.
        case tooManyItems(count: Int, suggested: Int)
        /// A listing handed back a page it had already handed back, so it would never end.
        case pageRepeated(Page)
        /// A batch with `moreComing` returned the anchor it was asked for, or an anchor handed
        /// back earlier in the same catch-up, so the catch-up would never end.
        case anchorDidNotAdvance(SyncAnchor)
        /// One batch both updated and deleted the same identifier.
        case updatedAndDeleted(ItemIdentifier)
        /// An item was reported before its parent, which the consumer did not know yet.
        case childBeforeParent(child: ItemIdentifier, parent: ItemIdentifier)
        /// An update changed an item between directory and non-directory (or symbolic link and not).
        case itemKindChanged(ItemIdentifier)
        /// One listing reported the same identifier twice.
        case duplicateItem(ItemIdentifier)
        /// A container's listing reported an item whose parent is not that container.
        case wrongParent(item: ItemIdentifier, expected: ItemIdentifier, actual: ItemIdentifier)
        /// The working set's enumerator returned `nil` from ``Enumerator/currentSyncAnchor()``:
        /// its changes could never be asked for, and remote changes reach the consumer only
        /// through them. Only a folder's enumerator may do without an anchor.
        case workingSetAnchorMissing
    }

    /// The rule that was broken.
    public let kind: Kind

    /// The call during which it was broken, for example `enumerateItems(startingAt: Page(12 bytes))`.
    public let call: String

    /// Creates a violation.
    public init(_ kind: Kind, call: String) {
        self.kind = kind
        self.call = call
    }

    /// The rule and the call, in one sentence.
    public var description: String {
        let rule: String =
            switch kind {
            case .finishedMoreThanOnce: "a finish method was called more than once"
            case .reportedAfterFinish: "something was reported after the finish"
            case .didNotFinish: "the call returned without calling a finish method"
            case .tooManyItems(let count, let suggested):
                "\(count) items were reported in one page or batch; the observer suggested at most \(suggested)"
            case .pageRepeated(let page): "the listing handed back \(page) a second time"
            case .anchorDidNotAdvance(let anchor):
                "a batch with moreComing returned \(anchor), which the catch-up had already used"
            case .updatedAndDeleted(let identifier): "\(identifier) was both updated and deleted in one batch"
            case .childBeforeParent(let child, let parent): "\(child) was reported before its parent \(parent)"
            case .itemKindChanged(let identifier):
                "\(identifier) changed between directory and non-directory, or symbolic link and not"
            case .duplicateItem(let identifier): "\(identifier) was reported twice in one listing"
            case .wrongParent(let item, let expected, let actual):
                "\(item) was listed in \(expected) but has parent \(actual)"
            case .workingSetAnchorMissing:
                "the working set's enumerator returned no sync anchor; it must always return one"
            }
        return "Contract violation in \(call): \(rule)."
    }
}
