import FileProviderKit

/// The mount's open files: handles by number, and the working copy of each item open for
/// writing. Guarded by the mount's mutex.
///
/// A working copy with no handle and no unsaved writes can be forgotten by
/// ``dropIfUnused(_:)`` and its file closed at any moment: outside the mutex, its file is used
/// only by the holder of one of its handles, or by a commit of its unsaved writes.
struct HandleTable: Sendable {
    private(set) var handles: [UInt64: OpenHandle] = [:]
    private(set) var workingCopies: [ItemIdentifier: WorkingCopy] = [:]
    private var lastHandle: UInt64 = 0

    /// Registers a handle and returns its number.
    mutating func add(_ handle: OpenHandle) -> UInt64 {
        lastHandle += 1
        handles[lastHandle] = handle
        if let copy = handle.workingCopy {
            workingCopies[copy.identifier] = copy
            copy.state.withLock { $0.handles += 1 }
        }
        return lastHandle
    }

    /// Unregisters a handle. The working copy stays until ``dropIfUnused(_:)``.
    ///
    /// - Returns: the handle, and whether it was its working copy's last.
    mutating func remove(_ number: UInt64) -> (handle: OpenHandle, lastOfWorkingCopy: Bool)? {
        guard let handle = handles.removeValue(forKey: number) else { return nil }
        guard let copy = handle.workingCopy else { return (handle, false) }
        let remaining = copy.state.withLock {
            $0.handles -= 1
            return $0.handles
        }
        return (handle, remaining == 0)
    }

    /// Forgets a working copy no handle uses, that no commit is sending, and that has nothing
    /// left to commit.
    ///
    /// - Returns: whether it was forgotten (its file may then be discarded).
    mutating func dropIfUnused(_ copy: WorkingCopy) -> Bool {
        guard workingCopies[copy.identifier] === copy,
            copy.state.withLock({ $0.handles == 0 && !$0.isCommitting && (!$0.isDirty || $0.isUnlinked) })
        else { return false }
        workingCopies[copy.identifier] = nil
        return true
    }
}
