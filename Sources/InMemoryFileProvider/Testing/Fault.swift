import FileProviderKit

/// An error a store injects into its providers' operations, for testing how callers react.
///
/// A fault matches an operation when its ``operation`` is `nil` or equal, and its ``identifier``
/// is `nil` or names the item the operation is about: the item asked for, fetched, modified or
/// deleted; the template's identifier or its parent for a creation; the container of an
/// enumerator. A matching fault is thrown before the operation does anything, so the store does
/// not change, and it is used up according to its ``repetition``. Faults are checked in the
/// order they were injected; the first match wins.
public struct Fault: Sendable {
    /// The operations a fault can target.
    public enum Operation: String, Hashable, Sendable, CaseIterable {
        /// ``InMemoryFileProvider/item(for:request:)``.
        case item
        /// ``InMemoryFileProvider/fetchContents(for:version:request:)``.
        case fetchContents
        /// ``InMemoryFileProvider/fetchPartialContents(for:version:request:minimalRange:aligningTo:options:)``.
        case fetchPartialContents
        /// ``InMemoryFileProvider/createItem(basedOn:fields:contents:options:request:)``.
        case createItem
        /// ``InMemoryFileProvider/modifyItem(_:baseVersion:changedFields:contents:options:request:)``.
        case modifyItem
        /// ``InMemoryFileProvider/deleteItem(identifier:baseVersion:options:request:)``.
        case deleteItem
        /// ``InMemoryFileProvider/enumerator(for:request:)``.
        case enumerator
        /// ``InMemoryEnumerator/enumerateItems(for:startingAt:)``: the error finishes the page.
        case enumerateItems
        /// ``InMemoryEnumerator/enumerateChanges(for:from:)``: the error finishes the batch.
        case enumerateChanges
        /// ``InMemoryEnumerator/currentSyncAnchor()``.
        case currentSyncAnchor
    }

    /// How many times a fault fires before it is used up.
    public enum Repetition: Hashable, Sendable {
        /// Once.
        case once
        /// The given number of times (none when it is 0 or less).
        case times(Int)
        /// Every time, until ``InMemoryStore/removeAllFaults()``.
        case always
    }

    /// The error thrown.
    public var error: FileProviderError
    /// The operation targeted, or `nil` for every operation.
    public var operation: Operation?
    /// The item targeted, or `nil` for every item.
    public var identifier: ItemIdentifier?
    /// How many times the fault fires.
    public var repetition: Repetition

    /// Creates a fault that throws `error`.
    public init(
        _ error: FileProviderError,
        operation: Operation? = nil,
        identifier: ItemIdentifier? = nil,
        repetition: Repetition = .once
    ) {
        self.error = error
        self.operation = operation
        self.identifier = identifier
        self.repetition = repetition
    }

    /// A fault that throws a `FileProviderError` with `code`.
    public init(
        _ code: FileProviderError.Code,
        operation: Operation? = nil,
        identifier: ItemIdentifier? = nil,
        repetition: Repetition = .once
    ) {
        self.init(
            FileProviderError(code, itemIdentifier: identifier, message: "Injected fault."),
            operation: operation,
            identifier: identifier,
            repetition: repetition
        )
    }

    func matches(_ operation: Operation, _ identifiers: [ItemIdentifier]) -> Bool {
        (self.operation == nil || self.operation == operation)
            && (identifier.map { identifiers.contains($0) } ?? true)
    }

    /// Whether the fault fires no more (a ``Repetition/times(_:)`` count of 0 or less).
    var isUsedUp: Bool {
        if case .times(let count) = repetition { return count <= 0 }
        return false
    }
}
