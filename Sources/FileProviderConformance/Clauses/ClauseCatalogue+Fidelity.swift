/// Clauses of the fidelity pass: what a folder's change enumeration reports, folders that report
/// no changes, the reserved items, remote changes seen by `item(for:)`, contents handed in
/// through a symbolic link, and trees of any depth.
extension ClauseCatalogue {
    static let fidelity: [ContractClause] = [
        ContractClause(
            "R6.20",
            rule: 6,
            "a folder's changes are its direct children's only",
            "The change enumeration of a folder (the root's, the trash's) reports changes of the folder's direct "
                + "children only — a child created, changed or moved in, and a child that left — never a change of "
                + "another folder's item, of a deeper descendant, or of the folder itself; the working set reports "
                + "them all."
        ),
        ContractClause(
            "R6.21",
            rule: 6,
            "folders that report no changes say so, and the working set carries them",
            "A subject declaring listingOnlyFolders fails every folder enumerator's change enumeration with "
                + "featureUnsupported, and its working set reports every change of those folders' children."
        ),
        ContractClause(
            "R6.22",
            rule: 6,
            "item(for:) sees other clients' changes",
            "After another client changed an item on the server, item(for:) returns the item's new state, however "
                + "recently the provider looked it up: no cache outlives a remote change."
        ),
        ContractClause(
            "R9.20",
            rule: 9,
            "the root is a folder whose parent is itself",
            "item(for: .rootContainer) returns a folder whose identifier and parent are both the root, before and "
                + "after writes, from every provider instance."
        ),
        ContractClause(
            "R9.21",
            rule: 9,
            "with a trash, the trash is an item",
            "In a domain with a trash, item(for: .trashContainer) returns the trash: a folder whose identifier is "
                + "the trash and whose parent is the root, before and after items are trashed."
        ),
        ContractClause(
            "R12.20",
            rule: 12,
            "a contents file may be a symbolic link",
            "A contents URL handed to createItem or modifyItem that is a symbolic link to a regular file stands for "
                + "that file: its bytes are stored, never refused, never the link's target path."
        ),
        ContractClause(
            "R12.21",
            rule: 12,
            "folders nest to any depth",
            "Items can be created, listed, looked up, moved and reported at any depth the names allow: a chain of "
                + "24 nested folders works like a shallow one."
        ),
    ]
}
