/// Clauses of behaviours that issue 20 found unchecked, and the order the catalogue keeps.
extension ClauseCatalogue {
    /// `clauses` by rule and number, the doc-comment promises (`API.<n>`) last.
    static func ordered(_ clauses: [ContractClause]) -> [ContractClause] {
        func key(_ clause: ContractClause) -> (Int, Int) {
            let number = clause.id.split(separator: ".").last.flatMap { Int($0) } ?? 0
            return (clause.rule ?? Int.max, number)
        }
        return clauses.sorted { key($0) < key($1) }
    }

    static let behaviours: [ContractClause] = [
        ContractClause(
            "R1.3",
            rule: 1,
            "a failing call reports nothing before its error",
            "An enumerateItems or enumerateChanges call that finishes with an error reports no item, update or "
                + "deletion before it: never a page served partly, from a cache or otherwise, then the error."
        ),
        ContractClause(
            "R3.5",
            rule: 3,
            "stores never accept each other's tokens",
            "Two independently created stores — fresh, empty, of the same domain — each refuse the other's pages and "
                + "anchors with -1002: every store draws its own epoch."
        ),
        ContractClause(
            "R12.6",
            rule: 12,
            "a file is no parent",
            "createItem under a file — of a file, a folder or a symbolic link, with or without mayAlreadyExist — "
                + "fails with noSuchItem and creates nothing, neither in the file nor anywhere else."
        ),
        ContractClause(
            "R12.7",
            rule: 12,
            "creations keep the template's content type",
            "The created item has the template's content type, also when its name has no extension or one that "
                + "suggests another type."
        ),
        ContractClause(
            "R12.8",
            rule: 12,
            "a file template without contents makes an empty file",
            "createItem of a template that is not a folder with no contents (and no mayAlreadyExist) creates an "
                + "empty file of the template's type, never a folder."
        ),
        ContractClause(
            "R12.9",
            rule: 12,
            "mayAlreadyExist matches the same kind only",
            "With mayAlreadyExist, an item of the template's name but of the other kind (a folder for a file's "
                + "template, a file for a folder's) matches nothing: the creation fails with filenameCollision "
                + "carrying it, and nothing changes."
        ),
        ContractClause(
            "R12.10",
            rule: 12,
            "mayAlreadyExist never drops incoming bytes",
            "With mayAlreadyExist, a file of the template's name whose content differs from the incoming one either "
                + "takes the incoming bytes as a new content version, or a conflict copy keeps them, or the creation "
                + "fails with filenameCollision carrying the existing item; returning the existing item unchanged "
                + "drops them."
        ),
        ContractClause(
            "R12.11",
            rule: 12,
            "a creation reports the stored content's size",
            "The item createItem returns carries the documentSize of the content it stored, whatever documentSize "
                + "the template declares."
        ),
        ContractClause(
            "R13.9",
            rule: 13,
            "extended-attribute names are case-sensitive",
            "Extended-attribute names that differ only in case are distinct attributes, as on Apple's file "
                + "systems: each is stored and returned under its own name, exactly as written."
        ),
        ContractClause(
            "R13.10",
            rule: 13,
            "scalar fields keep their whole range",
            "A favorite rank is stored exactly over the whole UInt64 range (above 2^53 too), and dates before 1970 "
                + "are stored exactly, in creations and modifications."
        ),
        ContractClause(
            "R14.6",
            rule: 14,
            "restoring into a deleted folder keeps the item in the trash",
            "Restoring a trashed item into a folder deleted meanwhile fails with noSuchItem, as any move to a "
                + "missing parent does: the item stays in the trash, unchanged, and can be restored elsewhere."
        ),
        ContractClause(
            "R14.7",
            rule: 14,
            "a folder in the trash is a container like any other",
            "A folder in the trash takes creations and moves in like any folder: each call succeeds, the item is "
                + "in the trash below that folder (listed in it, neither at the top of the trash nor outside it), and "
                + "it comes back with the folder when the folder is restored."
        ),
        ContractClause(
            "R16.7",
            rule: 16,
            "a cancelled listing of a large folder ends promptly",
            "A listing of a large folder in a cancelled task ends with CancellationError within a page or two of "
                + "the cancellation, never after serving the rest of the folder."
        ),
        ContractClause(
            "API.10",
            rule: nil,
            "every fetch hands out a file of its own",
            "Each fetchContents call hands out a file no other fetch shares: the caller's writes to it, and later "
                + "content writes to the item, change no other fetched file, and two fetches never return one URL."
        ),
    ]
}
