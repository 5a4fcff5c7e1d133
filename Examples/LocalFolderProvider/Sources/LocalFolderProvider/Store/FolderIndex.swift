import FileProviderKit

/// The lookups ``FolderState`` answers without going through every record: the children of a
/// container, the items of a name in a container (names compare as Swift strings do, so
/// canonically equivalent spellings share an entry), the item at a place on disk (names compare
/// byte for byte, as the file system compares them), the item
/// recorded as a file, and the items by the rank of their latest change.
struct FolderIndex: Sendable {
    /// A name in a container.
    struct Name: Hashable, Sendable {
        var parent: ItemIdentifier
        var filename: String
    }

    /// An entry's place on disk: its container and the name of its entry there, byte for byte.
    struct Place: Hashable, Sendable {
        var parent: ItemIdentifier
        var diskName: EntryName
    }

    private(set) var children: [ItemIdentifier: Set<ItemIdentifier>] = [:]
    private(set) var named: [Name: Set<ItemIdentifier>] = [:]
    private(set) var placed: [Place: ItemIdentifier] = [:]
    private(set) var identified: [FileIdentity: ItemIdentifier] = [:]
    private(set) var ranked: [UInt64: Set<ItemIdentifier>] = [:]

    /// Adds `record` to every index.
    mutating func insert(_ record: ItemRecord) {
        children[record.parent, default: []].insert(record.identifier)
        named[Name(parent: record.parent, filename: record.filename), default: []].insert(record.identifier)
        placed[Place(parent: record.parent, diskName: EntryName(record.diskName))] = record.identifier
        identified[record.disk.identity] = record.identifier
        ranked[record.metadataRevision, default: []].insert(record.identifier)
    }

    /// Removes `record`, as it was inserted, from every index.
    mutating func remove(_ record: ItemRecord) {
        children[record.parent]?.remove(record.identifier)
        if children[record.parent]?.isEmpty == true { children[record.parent] = nil }
        let name = Name(parent: record.parent, filename: record.filename)
        named[name]?.remove(record.identifier)
        if named[name]?.isEmpty == true { named[name] = nil }
        let place = Place(parent: record.parent, diskName: EntryName(record.diskName))
        if placed[place] == record.identifier { placed[place] = nil }
        if identified[record.disk.identity] == record.identifier { identified[record.disk.identity] = nil }
        ranked[record.metadataRevision]?.remove(record.identifier)
        if ranked[record.metadataRevision]?.isEmpty == true { ranked[record.metadataRevision] = nil }
    }
}
