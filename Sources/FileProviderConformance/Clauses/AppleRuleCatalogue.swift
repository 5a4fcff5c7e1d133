/// Apple's behavioural rules, numbered as in the package's reference notes on Apple's framework,
/// each with the clauses or the reason that answers it. See ``AppleRule``.
enum AppleRuleCatalogue {
    static let all: [AppleRule] =
        items + pages + changes + workingSet + trash + creation + modification + deletion
        + contentAndLookup + crossCutting

    private static let items: [AppleRule] = [
        AppleRule(1, .must, "every item's filename is non-empty, the root's included", .clauses(["R11.5", "R9.20"])),
        AppleRule(
            2,
            .must,
            "a container's items carry it as their parent; the working set's carry their real parent",
            .clauses(["R2.6", "R8.3"])
        ),
        AppleRule(
            3,
            .must,
            "an identifier never changes between folder, file and symbolic link",
            .clauses(["R9.5", "R9.2"])
        ),
        AppleRule(4, .must, "a symbolic link's item carries its target path", .clauses(["API.7"])),
        AppleRule(
            5,
            .must,
            "each version component takes at most 128 bytes",
            .enforcedByType("ItemVersion refuses a component over 128 bytes (ItemVersion.maximumComponentSize)")
        ),
        AppleRule(
            6,
            .should,
            "an item not shared, or shared by the current user, has no owner name",
            .clauses(["API.14"])
        ),
        AppleRule(
            7,
            .should,
            "userInfo holds only strings, numbers, booleans and dates",
            .enforcedByType("FileProviderItem.userInfo is [String: UserInfoValue], which has exactly those cases")
        ),
        AppleRule(8, .should, "contentVersion changes exactly when the content does", .clauses(["R10.1", "R7.2"])),
        AppleRule(
            9,
            .must,
            "an item reads as uploaded only once the server holds its content",
            .clauses(["API.11"])
        ),
    ]

    private static let pages: [AppleRule] = [
        AppleRule(
            10,
            .must,
            "enumerator(for:) returns quickly; the work happens when the enumerator is used",
            .portedDifferently(
                "enumerator(for:) is async in the port and may ask the backend whether the container exists; the "
                    + "Apple bridge calls it off the cooperative pool, and the guide asks providers to keep it cheap"
            )
        ),
        AppleRule(11, .must, "every enumerateItems call finishes exactly once", .clauses(["R1.1", "R1.2", "R1.3"])),
        AppleRule(12, .must, "a nil next page means the listing is complete", .clauses(["R2.1", "R2.7"])),
        AppleRule(13, .must, "a page takes at most 500 bytes", .clauses(["R2.8"])),
        AppleRule(
            14,
            .must,
            "a page holds at most 100 times the suggested page size",
            .clauses(["R2.2"])
        ),
        AppleRule(15, .should, "the requested order holds across pages", .clauses(["R2.3", "R2.4"])),
        AppleRule(
            16,
            .must,
            "pageExpired restarts the listing from the beginning",
            .clauses(["R3.1", "R3.2", "R3.4", "R3.5"])
        ),
        AppleRule(17, .observed, "a provider that drops the next page truncates large folders", .clauses(["R2.1"])),
    ]

    private static let changes: [AppleRule] = [
        AppleRule(
            18,
            .must,
            "the system takes the anchor, lists to the end, then catches up from the anchor",
            .clauses(["R4.1", "R5.1"])
        ),
        AppleRule(19, .must, "the current anchor is at or before the listing that follows it", .clauses(["R4.1"])),
        AppleRule(20, .must, "every enumerateChanges call finishes exactly once", .clauses(["R1.1", "R1.2", "R1.3"])),
        AppleRule(21, .must, "an anchor takes at most 500 bytes", .clauses(["R2.8"])),
        AppleRule(
            22,
            .should,
            "the returned anchor moves only when there were changes, and moreComing ends",
            .clauses(["R7.1", "R7.3", "R5.1"])
        ),
        AppleRule(
            23,
            .must,
            "a continuation anchor progresses, and works on a new enumerator instance",
            .clauses(["R5.1", "R5.2"])
        ),
        AppleRule(
            24,
            .must,
            "a batch holds at most 100 times the suggested batch size, and is sent as soon as it is ready",
            .clauses(["R5.1"])
        ),
        AppleRule(
            25,
            .must,
            "syncAnchorExpired makes the system list again, and the listing converges",
            .clauses(["R3.3", "R3.4", "R3.5"])
        ),
        AppleRule(
            26,
            .must,
            "every change since the anchor is reported, deletions included",
            .clauses(["R6.1", "R6.2", "R6.5", "R6.9", "R6.13", "R6.14"])
        ),
        AppleRule(
            27,
            .must,
            "deleting an identifier the system does not know is a no-op",
            .outsideTheProvider("the host ignores deletions of identifiers it never saw (FileProviderHost's replica)")
        ),
        AppleRule(
            28,
            .observed,
            "moves are updates with the new parent, parents come before children, no identifier is both updated "
                + "and deleted",
            .clauses(["R6.3", "R6.6", "R6.11"])
        ),
        AppleRule(
            29,
            .observed,
            "anchors survive a restart of the provider: a new process catches up from a persisted anchor",
            .clauses(["R5.2"])
        ),
        AppleRule(
            30,
            .observed,
            "an anchor derived from the local cache never moves, so remote changes are never asked for",
            .clauses(["R6.8"])
        ),
        AppleRule(
            31,
            .observed,
            "anchors are per enumerator; a folder's catch-up answers for that folder",
            .clauses(["R6.10", "R6.12", "R6.20"])
        ),
    ]

    private static let workingSet: [AppleRule] = [
        AppleRule(
            32,
            .must,
            "the working set supports change enumeration and always has an anchor",
            .clauses(["R8.4", "R8.1"])
        ),
        AppleRule(
            33,
            .must,
            "the system runs one working-set enumeration at a time and always moves forward",
            .outsideTheProvider("a guarantee the consumer gives; FileProviderHost keeps it")
        ),
        AppleRule(
            34,
            .must,
            "remote changes reach a replicated domain through the working set",
            .clauses(["R8.1", "R6.8", "R6.21"])
        ),
        AppleRule(
            35,
            .must,
            "the working set holds every materialized item, or every item when materialization is not tracked",
            .clauses(["R8.2"])
        ),
        AppleRule(
            36,
            .must,
            "the provider learns the materialized set and signals changes to materialized items and parents",
            .portedDifferently("the materialized-set enumerator is not ported: the working set covers every item")
        ),
        AppleRule(
            37,
            .observed,
            "items leave the working set by eviction first, children after",
            .outsideTheProvider("eviction is the system's; the contract has no eviction call")
        ),
        AppleRule(
            38,
            .must,
            "before applying a working-set update the system checks for races with calls in flight",
            .outsideTheProvider("FileProviderHost orders its own calls and catch-ups")
        ),
        AppleRule(
            39,
            .must,
            "a larger domain version signals the working set; smaller ones are ignored",
            .portedDifferently("domain versions are not ported; a provider signals the working set directly")
        ),
    ]

    private static let trash: [AppleRule] = [
        AppleRule(
            40,
            .must,
            "a domain without a trash answers its trash enumerator with featureUnsupported",
            .clauses(["R14.4"])
        ),
        AppleRule(
            41,
            .must,
            "trashing and restoring are modifications of the parent",
            .clauses(["R14.1", "R14.2", "R6.4", "R14.6"])
        ),
        AppleRule(42, .must, "deleteItem deletes for good", .clauses(["R14.3"])),
        AppleRule(
            43,
            .must,
            "the trash enumerates every trashed item, each with the trash as its parent",
            .clauses(["R14.5", "R9.21"])
        ),
        AppleRule(
            44,
            .should,
            "isTrashed and favoriteRank are legacy properties a replicated domain does not rely on",
            .portedDifferently("isTrashed is not ported; a trashed item is one whose parent is the trash")
        ),
        AppleRule(
            45,
            .observed,
            "whether a domain syncs its trash is fixed once the domain exists",
            .outsideTheProvider("a property of the domain, set when the host adds it")
        ),
    ]

    private static let creation: [AppleRule] = [
        AppleRule(
            46,
            .must,
            "the created item carries the provider's identifier, not the template's",
            .clauses(["R9.3"])
        ),
        AppleRule(47, .must, "only the fields named in fields are defined on the template", .clauses(["R12.5"])),
        AppleRule(
            48,
            .must,
            "contents is nil for folders; a symbolic link's target comes from the template",
            .clauses(["R12.1", "R12.8", "API.7"])
        ),
        AppleRule(
            49,
            .must,
            "the returned item is the state after creation",
            .clauses(["R12.1", "R9.3", "R12.7", "R12.11"])
        ),
        AppleRule(
            50,
            .must,
            "fields still pending are sent again later in a modification",
            .outsideTheProvider("the host re-sends stillPendingFields (FileProviderHost's operation queue)")
        ),
        AppleRule(
            51,
            .must,
            "returning an existing identifier replaces that item, merging folders",
            .clauses(["R12.3"])
        ),
        AppleRule(
            52,
            .must,
            "returning no item and no error refuses the item, which the system then deletes locally",
            .outsideTheProvider("the host deletes a refused item's local copy; createItem returns an optional")
        ),
        AppleRule(
            53,
            .must,
            "mayAlreadyExist matches an existing item, and returns nothing when none matches and there is no content",
            .clauses(["R12.3", "R12.9", "R12.10"])
        ),
        AppleRule(
            54,
            .must,
            "deletionConflicted re-creates an item whose deletion the system could not apply",
            .outsideTheProvider("the host sends it; to the provider it is a creation like any other")
        ),
        AppleRule(
            55,
            .must,
            "a missing parent fails with noSuchItem, and the system re-creates the parent",
            .clauses(["R12.2", "R12.6"])
        ),
        AppleRule(
            56,
            .must,
            "a name collision is resolved or fails with filenameCollision carrying the existing item",
            .clauses(["R11.2", "R11.3", "R12.4"])
        ),
        AppleRule(
            57,
            .must,
            "the contents file belongs to the system and is gone after the call; a provider copies what it keeps",
            .clauses(["API.12", "R12.20"])
        ),
        AppleRule(
            58,
            .should,
            "progress includes the upload",
            .clauses(["API.15"])
        ),
    ]

    private static let modification: [AppleRule] = [
        AppleRule(
            59,
            .must,
            "every changed field is applied in one call",
            .clauses(["R13.1", "R13.2", "R13.9", "R13.10"])
        ),
        AppleRule(
            60,
            .must,
            "fields the provider cannot apply yet are returned as still pending",
            .clauses(["R13.1"])
        ),
        AppleRule(
            61,
            .must,
            "the returned item is the state after the modification",
            .clauses(["R13.1", "R13.2", "R10.2"])
        ),
        AppleRule(62, .must, "returning no item says the item is gone", .clauses(["R13.8", "R13.7"])),
        AppleRule(
            63,
            .must,
            "returning another item's identifier merges into that item",
            .portedDifferently("merges by identifier are not ported: a modification returns the item it was given")
        ),
        AppleRule(
            64,
            .must,
            "the base version tells a stale write; resolving keeps both sides",
            .clauses(["R13.3", "R13.4", "R13.5"])
        ),
        AppleRule(
            65,
            .must,
            "with failOnConflict a stale write fails with localVersionConflictingWithServer",
            .clauses(["R13.3"])
        ),
        AppleRule(66, .must, "a move that would make a cycle is refused or resolved", .clauses(["R13.6"])),
        AppleRule(
            67,
            .must,
            "a missing item or missing new parent fails with noSuchItem",
            .clauses(["R13.7", "R16.2"])
        ),
        AppleRule(
            68,
            .should,
            "progress includes the upload, even when the call completes early",
            .clauses(["API.15"])
        ),
        AppleRule(
            69,
            .must,
            "mayAlreadyExist on a modification moves an item into place during a folder merge",
            .portedDifferently("folder merges by identifier are not ported (see APPLE-63)")
        ),
    ]

    private static let deletion: [AppleRule] = [
        AppleRule(
            70,
            .must,
            "a non-empty folder needs recursive, and a recursive deletion reports every descendant",
            .clauses(["R15.1", "R6.5", "R6.13"])
        ),
        AppleRule(71, .must, "deleting an unknown item succeeds", .clauses(["R15.3"])),
        AppleRule(72, .must, "a stale deletion fails with deletionRejected", .clauses(["R15.2"])),
        AppleRule(
            73,
            .must,
            "deletion is offered to the user only with allowsDeleting",
            .outsideTheProvider("presentation only: the capability gates the system's user interface")
        ),
    ]

    private static let contentAndLookup: [AppleRule] = [
        AppleRule(
            74,
            .must,
            "a fetched file is a regular file the caller may take; the provider leaves it alone afterwards",
            .clauses(["API.2", "API.10"])
        ),
        AppleRule(
            75,
            .must,
            "a fetched item's version is the version fetched",
            .clauses(["API.3", "R10.1"])
        ),
        AppleRule(
            76,
            .must,
            "downloads in flight are bounded by the configured pipeline depth",
            .outsideTheProvider("the host bounds its own concurrency")
        ),
        AppleRule(
            77,
            .must,
            "processes named as non-materializing never trigger downloads",
            .outsideTheProvider("a setting of the system's file access, which the port does not have")
        ),
        AppleRule(
            78,
            .should,
            "item(for:) answers quickly, or fails so the system can cancel it",
            .clauses(["R16.3", "R16.5", "R16.7"])
        ),
        AppleRule(
            79,
            .observed,
            "a trashed or deleted item is never served as live, and the error code chosen matters",
            .clauses(["R16.2", "R16.5", "R6.22", "R16.9", "R16.10"])
        ),
    ]

    private static let crossCutting: [AppleRule] = [
        AppleRule(
            80,
            .must,
            "the provider accepts concurrent calls",
            .clauses(["API.6", "R12.4", "R13.11", "R2.9", "R5.3", "API.13"])
        ),
        AppleRule(
            81,
            .must,
            "changes are not applied atomically unless the extension says so",
            .outsideTheProvider(
                "what the consumer may assume while a call is in flight; the host assumes nothing (a failed call "
                    + "must still change all or nothing, R16.8)"
            )
        ),
        AppleRule(
            82,
            .must,
            "cancelling a call's progress ends it with a cancellation error",
            .clauses(["R16.3"])
        ),
        AppleRule(
            83,
            .must,
            "every completion is called exactly once",
            .enforcedByType("the contract's calls are async functions, which return or throw exactly once")
        ),
        AppleRule(
            84,
            .must,
            "operations the capabilities forbid still get a sane answer",
            .clauses(["API.9", "R16.4"])
        ),
        AppleRule(
            85,
            .must,
            "errors outside Apple's two domains are wrapped",
            .enforcedByType(
                "FileProviderError maps every other error (FileProviderError.mapped); unknown ones are "
                    + "unclassified, Cocoa 4101"
            )
        ),
        AppleRule(
            86,
            .must,
            "several instances may serve one domain, and an instance can be invalidated and replaced",
            .clauses(["API.8", "R5.2"])
        ),
    ]
}
