import FileProviderKit

/// The children of one container (the root, the trash or a directory), kept in both listing
/// orders: by name (the collision key, unique in the folder) and by date.
struct FolderIndex: Sendable {
    /// The children by the sort key of their collision key (the contract's total name order);
    /// the key is unique among a folder's children.
    private(set) var byName = SortedIndex<FilenameSortKey, ItemSnapshot>()
    /// The children by `DateKey`.
    private(set) var byDate = SortedIndex<DateKey, ItemSnapshot>()

    var isEmpty: Bool { byName.isEmpty }

    mutating func insert(_ item: ItemSnapshot, nameKey: FilenameSortKey) {
        byName.insert(item, for: nameKey)
        byDate.insert(item, for: DateKey(item))
    }

    mutating func remove(_ item: ItemSnapshot, nameKey: FilenameSortKey) {
        byName.remove(nameKey)
        byDate.remove(DateKey(item))
    }

    /// Replaces a child whose name key and date key did not change.
    mutating func update(_ item: ItemSnapshot, nameKey: FilenameSortKey) {
        byName.update(item, for: nameKey)
        byDate.update(item, for: DateKey(item))
    }

    /// The child whose name collides with `nameKey`, if any.
    func child(withNameKey nameKey: FilenameSortKey) -> ItemSnapshot? {
        byName.value(for: nameKey)
    }

    /// Every child, by name.
    var children: [ItemSnapshot] { byName.elements.map(\.value) }
}
