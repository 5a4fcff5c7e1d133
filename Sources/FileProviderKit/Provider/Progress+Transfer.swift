import Foundation

extension Progress {
    /// Starts counting a transfer of `byteCount` bytes: the completed count goes back to 0 and the
    /// total becomes `byteCount`, or 1 for an empty transfer.
    ///
    /// Use it rather than setting `totalUnitCount` directly when a progress may have counted an
    /// earlier transfer (a ``Request`` used for several calls): Foundation on Linux stops the
    /// process with an illegal instruction when a total that was not 0 is set to 0, so an empty
    /// transfer counts as one unit here.
    public func startTransfer(byteCount: Int64) {
        completedUnitCount = 0
        totalUnitCount = max(byteCount, 1)
    }

    /// Marks the transfer that ``startTransfer(byteCount:)`` began as complete.
    public func finishTransfer() {
        completedUnitCount = totalUnitCount
    }
}
