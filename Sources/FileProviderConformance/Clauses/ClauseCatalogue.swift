/// Every clause of the behavioural contract, rule by rule, then the doc-comment promises no rule
/// restates. The guide's rules are in `Documentation/BehaviouralContract.md`.
enum ClauseCatalogue {
    static let all: [ContractClause] = ordered(
        enumeration + expiryAndAnchors + changes + workingSet + items + mutations + trashAndDeletion + failures
            + interface + behaviours + fidelity
    )

    static let byID: [String: ContractClause] = Dictionary(
        all.map { ($0.id, $0) },
        uniquingKeysWith: { first, _ in first }
    )

    static let enumeration: [ContractClause] = [
        ContractClause(
            "R1.1",
            rule: 1,
            "every enumeration call finishes exactly once",
            "Every enumerateItems and enumerateChanges call calls exactly one finish method before it returns."
        ),
        ContractClause(
            "R1.2",
            rule: 1,
            "nothing is reported after the finish",
            "No batch, page or second finish follows the finish of an enumeration call."
        ),
        ContractClause(
            "R2.1",
            rule: 2,
            "pages yield every child exactly once",
            "Following nextPage until nil yields every child of the container exactly once, for any suggested "
                + "page size of at least 1."
        ),
        ContractClause(
            "R2.2",
            rule: 2,
            "no page exceeds the suggested size",
            "No page holds more items than the suggested page size."
        ),
        ContractClause(
            "R2.3",
            rule: 2,
            "name-sorted listings stay in name order",
            "A listing from the name-sorted initial page is in name order across every page."
        ),
        ContractClause(
            "R2.4",
            rule: 2,
            "date-sorted listings stay in date order",
            "A listing from the date-sorted initial page is in modification-date order across every page, with "
                + "pages smaller than the folder and dates unlike name order."
        ),
        ContractClause(
            "R2.5",
            rule: 2,
            "items present throughout a listing appear exactly once",
            "Items present during a whole listing appear exactly once even when others are inserted or deleted "
                + "between its pages."
        ),
        ContractClause(
            "R2.6",
            rule: 2,
            "a listing holds only the container's children",
            "A container's listing holds only items whose parent is that container, each under its own parent."
        ),
        ContractClause(
            "R2.7",
            rule: 2,
            "a page handed back resumes the listing",
            "A next page resumes the listing where it stopped, also on a fresh enumerator or provider instance."
        ),
        ContractClause(
            "R2.8",
            rule: 2,
            "tokens fit in 500 bytes with 255-byte names",
            "Pages and sync anchors stay within 500 bytes whatever the names: listings and catch-ups of items "
                + "named with 250 to 255 UTF-8 bytes, multi-byte characters included, continue to the end."
        ),
        ContractClause(
            "R2.9",
            rule: 2,
            "listings racing writes are consistent",
            "A listing that runs while other calls create, rename, delete or write items of its container holds "
                + "each item once, every item that existed throughout, and only the container's children."
        ),
    ]

    static let expiryAndAnchors: [ContractClause] = [
        ContractClause(
            "R3.1",
            rule: 3,
            "garbage tokens expire",
            "A page or anchor that is garbage fails with pageExpired / syncAnchorExpired (-1002), never a crash or "
                + "an empty success."
        ),
        ContractClause(
            "R3.2",
            rule: 3,
            "tokens of an older store epoch expire",
            "A page or anchor handed out before the store was reset fails with -1002, never an empty or wrong "
                + "success."
        ),
        ContractClause(
            "R3.3",
            rule: 3,
            "anchors older than the retained history expire",
            "An anchor older than the retained change history fails with syncAnchorExpired (-1002), never an "
                + "empty or partial success."
        ),
        ContractClause(
            "R3.4",
            rule: 3,
            "after an expiry, a new listing converges",
            "After a token expired, a fresh anchor and listing give the current state, and the changes since that "
                + "anchor keep it current."
        ),
        ContractClause(
            "R4.1",
            rule: 4,
            "the anchor comes before the listing",
            "The anchor currentSyncAnchor() returns is at or before the state the following listing delivers: "
                + "replaying the changes since it over the listing converges, even with writes during the listing."
        ),
        ContractClause(
            "R5.1",
            rule: 5,
            "batches are bounded and progress",
            "No change batch holds more changes than suggested, and with moreComing the returned anchor differs "
                + "from the one asked for."
        ),
        ContractClause(
            "R5.2",
            rule: 5,
            "a continuation anchor works on a fresh instance",
            "A fresh enumerator, even of a fresh provider instance over the same store, continues from an anchor "
                + "returned with moreComing, losing nothing."
        ),
        ContractClause(
            "R5.3",
            rule: 5,
            "concurrent catch-ups each get the whole backlog",
            "Catch-ups from one anchor running at the same time, on one enumerator or on several, each report the "
                + "whole backlog and end in the current state."
        ),
    ]

    static let changes: [ContractClause] = [
        ContractClause(
            "R6.1",
            rule: 6,
            "creations are reported",
            "A creation is reported as an update carrying the created item."
        ),
        ContractClause(
            "R6.2",
            rule: 6,
            "content and metadata edits are reported",
            "A content or metadata edit is reported as an update carrying the new versions."
        ),
        ContractClause(
            "R6.3",
            rule: 6,
            "moves are updates, never delete+create",
            "A rename or move is reported as an update of the same identifier carrying the new name and parent, "
                + "never as a deletion and a creation."
        ),
        ContractClause(
            "R6.4",
            rule: 6,
            "trashing is an update whose parent is the trash",
            "Trashing is reported as an update whose parent is the trash; restoring as an update with the new parent."
        ),
        ContractClause(
            "R6.5",
            rule: 6,
            "deletions are reported, with every descendant",
            "A deletion is reported through didDeleteItems, including every descendant of a recursively deleted "
                + "folder."
        ),
        ContractClause(
            "R6.6",
            rule: 6,
            "parents come before children",
            "Within a batch, a folder is reported before the items created or moved into it."
        ),
        ContractClause(
            "R6.7",
            rule: 6,
            "changes to one item end in its final state",
            "Several changes to one item end in its final state; no identifier is both updated and deleted in one "
                + "batch; a created then deleted item does not survive."
        ),
        ContractClause(
            "R6.8",
            rule: 6,
            "changes by other clients are reported",
            "Changes made on the server by another client are reported like local ones."
        ),
        ContractClause(
            "R6.9",
            rule: 6,
            "a long backlog is reported completely",
            "After a thousand mixed changes, catching up with small batches reports every one and ends in the exact "
                + "final state, from the same and from a fresh provider instance."
        ),
        ContractClause(
            "R6.10",
            rule: 6,
            "a folder's changes mention a child that left",
            "The change enumeration of a folder mentions a child that moved out of it — as an update carrying the "
                + "new parent, or as a deletion — when the folder's enumerator reports changes (a non-nil anchor)."
        ),
        ContractClause(
            "R6.11",
            rule: 6,
            "no identifier is both updated and deleted in one batch",
            "No batch of changes both updates and deletes one identifier: a move is one update, never a deletion "
                + "and an update together."
        ),
        ContractClause(
            "R6.12",
            rule: 6,
            "an item that left a folder is reported before the folder's deletion",
            "Across batches, an item that moved out of a folder is reported with its new parent before that "
                + "folder's deletion, so a consumer that deletes a folder with its contents loses nothing."
        ),
        ContractClause(
            "R6.13",
            rule: 6,
            "a large recursive deletion is reported in full at every batch size",
            "A recursive deletion of a folder with more than 1,000 nested descendants is reported, caught up in "
                + "batches of any size, on fresh enumerators or on one, with every descendant deleted (in any order), "
                + "nothing outside it deleted, and no item of it updated after it or a folder above it was reported "
                + "deleted."
        ),
        ContractClause(
            "R6.14",
            rule: 6,
            "a write is read back at once",
            "A change enumeration started after a write returned reports that write, on the working set and on the "
                + "folder it happened in; lookups and listings show it too (read-your-writes; a fixture's settle hook "
                + "runs first)."
        ),
        ContractClause(
            "R7.1",
            rule: 7,
            "no writes, no changes",
            "With no writes, the changes since the latest anchor are empty and the anchor stays valid."
        ),
        ContractClause(
            "R7.2",
            rule: 7,
            "reads never change versions",
            "Looking up, listing and fetching never change an item's versions or a listing."
        ),
        ContractClause(
            "R7.3",
            rule: 7,
            "quiet anchors settle",
            "With no write in between, currentSyncAnchor() returns equal anchors, and a change enumeration with "
                + "nothing to report hands back the anchor it was given."
        ),
    ]

    static let workingSet: [ContractClause] = [
        ContractClause(
            "R8.1",
            rule: 8,
            "the working set reports changes at every depth",
            "The working-set enumerator supports change enumeration and reports changes for every item, at every "
                + "depth."
        ),
        ContractClause(
            "R8.2",
            rule: 8,
            "the working set lists every item, trash included",
            "Item enumeration of the working set lists every item the system may hold, at every depth, trashed "
                + "items included."
        ),
        ContractClause(
            "R8.3",
            rule: 8,
            "items carry their real parent",
            "Every item, in the working set too, carries its real parent: a folder of the domain or the trash."
        ),
        ContractClause(
            "R8.4",
            rule: 8,
            "the working set always has a sync anchor",
            "The working-set enumerator's currentSyncAnchor() never returns nil: only a folder's enumerator may do "
                + "without change support."
        ),
    ]

    static let items: [ContractClause] = [
        ContractClause(
            "R9.1",
            rule: 9,
            "identifiers are stable",
            "An item keeps its identifier across rename, move, trash and restore."
        ),
        ContractClause(
            "R9.2",
            rule: 9,
            "identifiers are never reused",
            "An identifier is never given to another item, even after its item was deleted."
        ),
        ContractClause(
            "R9.3",
            rule: 9,
            "created items carry the provider's identifier",
            "The identifier of a createItem template is the system's; the returned item carries the provider's."
        ),
        ContractClause(
            "R9.4",
            rule: 9,
            "the working set is no item",
            "item(for:) of the working set fails with noSuchItem, and so does item(for:) of the trash when the "
                + "domain has none: neither is an item."
        ),
        ContractClause(
            "R9.5",
            rule: 9,
            "an identifier never changes kind",
            "An identifier names a folder, a file or a symbolic link for as long as it exists; an item of another "
                + "kind that takes its name or path has an identifier of its own."
        ),
        ContractClause(
            "R10.1",
            rule: 10,
            "contentVersion changes exactly when content does",
            "contentVersion changes if and only if the content changes."
        ),
        ContractClause(
            "R10.2",
            rule: 10,
            "metadata edits bump only the metadata version",
            "metadataVersion changes when any metadata does (name, parent, tags, favorite rank, last-used date); "
                + "contentVersion does not."
        ),
        ContractClause(
            "R10.3",
            rule: 10,
            "documentSize is the content's length",
            "A file's documentSize equals the length of its content, for small and multi-MiB content alike."
        ),
        ContractClause(
            "R10.4",
            rule: 10,
            "contentModificationDate moves forward with content",
            "When content changes without an explicit date, contentModificationDate moves forward."
        ),
        ContractClause(
            "R10.5",
            rule: 10,
            "childItemCount matches the listing",
            "A folder's childItemCount, when reported, equals the number of children its listing yields."
        ),
        ContractClause(
            "R11.1",
            rule: 11,
            "invalid names are refused",
            "An empty name, one containing \"/\" or NUL, \".\", \"..\" or one over 255 UTF-8 bytes fails with "
                + "invalidFilename, in creations and renames, and changes nothing."
        ),
        ContractClause(
            "R11.2",
            rule: 11,
            "collisions under the case rule are refused",
            "Two names in one folder equal under the domain's case rule collide: creating, renaming or moving onto "
                + "one fails with filenameCollision carrying the existing item."
        ),
        ContractClause(
            "R11.3",
            rule: 11,
            "canonically equivalent names collide",
            "Names that differ only in Unicode normalisation (precomposed and decomposed) collide, in creations, "
                + "renames and moves."
        ),
        ContractClause(
            "R11.4",
            rule: 11,
            "valid names come back exactly as written",
            "A valid name, however unusual, is stored and returned exactly as written."
        ),
        ContractClause(
            "R11.5",
            rule: 11,
            "items handed out have valid names",
            "Every item a provider hands out, the root included, has a valid filename."
        ),
    ]

    static let mutations: [ContractClause] = [
        ContractClause(
            "R12.1",
            rule: 12,
            "creations are stored as returned",
            "createItem returns the item as stored, and lookups and listings agree with it."
        ),
        ContractClause(
            "R12.2",
            rule: 12,
            "a missing parent fails with noSuchItem",
            "createItem under a missing parent, or a move to one, fails with noSuchItem and changes nothing."
        ),
        ContractClause(
            "R12.3",
            rule: 12,
            "mayAlreadyExist returns the existing item",
            "With mayAlreadyExist, createItem returns the matching existing item instead of a duplicate."
        ),
        ContractClause(
            "R12.4",
            rule: 12,
            "concurrent same-name creates: exactly one wins",
            "Of concurrent creations of one name in one folder, exactly one succeeds, the others fail with "
                + "filenameCollision, and one item of that name is listed."
        ),
        ContractClause(
            "R12.5",
            rule: 12,
            "fields a creation does not name take the defaults",
            "createItem stores only the template fields its fields name, besides the name, parent and kind: every "
                + "other field takes the provider's default, whatever the template holds."
        ),
        ContractClause(
            "R13.1",
            rule: 13,
            "every changed field is applied in one call",
            "modifyItem applies every field in changedFields in one call."
        ),
        ContractClause(
            "R13.2",
            rule: 13,
            "fields not in changedFields stay as stored",
            "A field of the template that is not in changedFields is left as stored, however the template differs."
        ),
        ContractClause(
            "R13.3",
            rule: 13,
            "failOnConflict refuses stale writes",
            "Under failOnConflict, a modification on a stale base version fails with "
                + "localVersionConflictingWithServer and changes nothing — content writes and metadata-only edits "
                + "alike."
        ),
        ContractClause(
            "R13.4",
            rule: 13,
            "a stale write keeps both sides",
            "Without failOnConflict, a stale content write loses neither the server's bytes nor the incoming ones."
        ),
        ContractClause(
            "R13.5",
            rule: 13,
            "conflict copies never collide",
            "A conflict copy's name collides with no sibling under the domain's case and normalisation rule."
        ),
        ContractClause(
            "R13.6",
            rule: 13,
            "no folder moves into itself",
            "Moving a folder into itself or a descendant fails with invalidArgument and changes nothing."
        ),
        ContractClause(
            "R13.7",
            rule: 13,
            "modifying a missing item fails with noSuchItem or returns no item",
            "modifyItem of an unknown or deleted identifier fails with noSuchItem, or returns nil (the item left "
                + "the domain); it never re-creates the item."
        ),
        ContractClause(
            "R13.8",
            rule: 13,
            "no item from modifyItem means the item is gone",
            "modifyItem returns nil only for an item that no longer exists: afterwards item(for:) fails with "
                + "noSuchItem or no listing holds the item; an item that still exists is returned."
        ),
        ContractClause(
            "R13.11",
            rule: 13,
            "concurrent edits of different fields lose nothing",
            "Two modifications of different fields of one item, made at the same time from one base version, are "
                + "both kept, or one returns its field as still pending, or fails with "
                + "localVersionConflictingWithServer under failOnConflict; none reports success and is lost."
        ),
    ]

    static let trashAndDeletion: [ContractClause] = [
        ContractClause(
            "R14.1",
            rule: 14,
            "trashing is a move to the trash",
            "Trashing is modifyItem with the parent set to the trash; the item is listed there under its identifier."
        ),
        ContractClause(
            "R14.2",
            rule: 14,
            "restoring is a move back",
            "Restoring moves a trashed item back out, keeping its identifier and content."
        ),
        ContractClause(
            "R14.3",
            rule: 14,
            "deleting is permanent",
            "deleteItem is permanent, from the trash too: the item is gone from lookups and listings."
        ),
        ContractClause(
            "R14.4",
            rule: 14,
            "without trash, the trash is unsupported",
            "A domain without a trash answers the trash's enumeration, and a move into the trash, with "
                + "featureUnsupported, and changes nothing."
        ),
        ContractClause(
            "R14.5",
            rule: 14,
            "the trash lists exactly the trashed items",
            "The trash's listing holds every item whose parent is the trash, each carrying the trash as its parent, "
                + "and no other: never an item restored from it or deleted."
        ),
        ContractClause(
            "R15.1",
            rule: 15,
            "non-empty folders need recursive",
            "Deleting a non-empty folder without recursive fails with directoryNotEmpty; with it, the folder and "
                + "everything inside it are gone."
        ),
        ContractClause(
            "R15.2",
            rule: 15,
            "stale deletions are rejected",
            "Deleting with a stale base version fails with deletionRejected carrying the current item, which stays."
        ),
        ContractClause(
            "R15.3",
            rule: 15,
            "deleting an unknown identifier succeeds",
            "deleteItem of an identifier that does not exist succeeds."
        ),
    ]

    static let failures: [ContractClause] = [
        ContractClause(
            "R16.1",
            rule: 16,
            "failures change nothing",
            "Every failing call leaves the store, its listings and its change history exactly as they were."
        ),
        ContractClause(
            "R16.2",
            rule: 16,
            "unknown identifiers fail with noSuchItem",
            "Looking up, listing or fetching an unknown or deleted identifier fails with noSuchItem; listing a "
                + "file fails with noSuchItem too."
        ),
        ContractClause(
            "R16.3",
            rule: 16,
            "cancelled calls end promptly",
            "A call whose task is cancelled — createItem, enumerateItems, enumerateChanges, fetchContents — ends "
                + "promptly with CancellationError and changes nothing."
        ),
        ContractClause(
            "R16.4",
            rule: 16,
            "reserved containers cannot be changed",
            "The root, the working set and the trash cannot be modified or deleted; trying fails and changes nothing."
        ),
        ContractClause(
            "R16.5",
            rule: 16,
            "an unreachable server fails with serverUnreachable",
            "While the server is unreachable, calls fail with serverUnreachable (which the host parks on, rule 17), "
                + "and work again once it is reachable, with no token expired."
        ),
        ContractClause(
            "R16.6",
            rule: 16,
            "a deleted folder's enumerator fails, even one made before",
            "An enumerator made before its folder was deleted, directly, from the trash or with a folder holding "
                + "it, fails listing with noSuchItem, and its change enumeration fails with noSuchItem or reports the "
                + "folder's deletion: never an empty success."
        ),
        ContractClause(
            "R16.8",
            rule: 16,
            "a failure inside a call changes all or nothing",
            "When one backend request inside a call fails (one step of a rename done as copy and delete, of a "
                + "folder move, of a chunked upload, of a recursive deletion), the item is afterwards untouched or "
                + "fully changed, never half, in listings, lookups, contents and change enumeration."
        ),
        ContractClause(
            "R16.9",
            rule: 16,
            "invalid credentials fail with notAuthenticated",
            "While the account's credentials are invalid (an expired or revoked token), every call that needs the "
                + "server fails with notAuthenticated — never noSuchItem, an empty listing or an expired page or "
                + "anchor — and changes nothing; once they are valid again, everything works, pages and anchors "
                + "handed out before included."
        ),
        ContractClause(
            "R16.10",
            rule: 16,
            "a full quota fails writes with insufficientQuota",
            "A creation or content write that needs more room than the account has left fails with "
                + "insufficientQuota — never cannotSynchronize, which the host does not retry — and changes "
                + "nothing; reads keep working, and the same write succeeds once room is made."
        ),
    ]

    static let interface: [ContractClause] = [
        ContractClause(
            "API.1",
            rule: nil,
            "content round-trips byte for byte",
            "fetchContents returns exactly the bytes written, for sizes around block boundaries and several MiB of "
                + "non-uniform bytes."
        ),
        ContractClause(
            "API.2",
            rule: nil,
            "fetched files belong to the caller",
            "A file fetchContents hands out belongs to the caller: deleting it affects no later fetch."
        ),
        ContractClause(
            "API.3",
            rule: nil,
            "an older version is its bytes or gone, never the latest",
            "A fetch of an older version returns that version's bytes, or fails with versionNoLongerAvailable; "
                + "never the latest bytes."
        ),
        ContractClause(
            "API.4",
            rule: nil,
            "fetching a folder or a missing file fails clearly",
            "fetchContents of a folder fails with invalidArgument; createItem with a missing contents file fails "
                + "with fileReadNoSuchFile and creates nothing."
        ),
        ContractClause(
            "API.5",
            rule: nil,
            "partial fetches cover their range",
            "A partial fetch covers the requested range, aligned to the requested alignment, within documentSize "
                + "(unaligned only where it ends at the end of the file), and its file holds the range's bytes at their "
                + "own offsets: it is at least as long as the range's end, and only the range is read."
        ),
        ContractClause(
            "API.6",
            rule: nil,
            "concurrent calls are safe",
            "Calls may arrive concurrently: concurrent creations all succeed with distinct identifiers, and of "
                + "concurrent writes on one base version with failOnConflict exactly one wins."
        ),
        ContractClause(
            "API.7",
            rule: nil,
            "symbolic links keep their target",
            "A symbolic link is stored and listed with its target; a new target arrives as content."
        ),
        ContractClause(
            "API.8",
            rule: nil,
            "enumerators can be invalidated and replaced",
            "Invalidating an enumerator, twice too, is harmless; a new enumerator works afterwards."
        ),
        ContractClause(
            "API.9",
            rule: nil,
            "undeclared capabilities fail as promised",
            "A subject that does not declare writing refuses every write and changes nothing; one that does not "
                + "declare partial content does not adopt PartialContentFetching."
        ),
        ContractClause(
            "API.11",
            rule: nil,
            "an item reported uploaded is on the server",
            "When createItem or modifyItem returns an item whose isUploaded is true, another instance over the same "
                + "store serves that item and its content at once."
        ),
        ContractClause(
            "API.12",
            rule: nil,
            "a contents file is read during the call",
            "createItem and modifyItem take what they keep of a contents file before they return; the caller may "
                + "then change or delete the file without changing the item."
        ),
        ContractClause(
            "API.13",
            rule: nil,
            "fetches racing writes hand out files of their own",
            "Fetches of one item made at the same time, and around a write of it, each return a file of their "
                + "own that keeps the bytes of the version the fetch returned."
        ),
        ContractClause(
            "API.14",
            rule: nil,
            "the user's own items have no owner",
            "ownerNameComponents is nil for an item that is not shared, or that the current user shared; only an "
                + "item someone else shared names its owner."
        ),
        ContractClause(
            "API.15",
            rule: nil,
            "a transfer that returns has finished its progress",
            "When fetchContents, fetchPartialContents, createItem or modifyItem with a contents file returns, the "
                + "request's progress is untouched (0 of 0: the provider reports none) or finished (a total above 0, "
                + "reached)."
        ),
    ]
}
