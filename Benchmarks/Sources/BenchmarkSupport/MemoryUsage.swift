import CHeapUsage
import Foundation

/// The resident memory of this process, from /proc/self/statm (0 where it does not exist). It
/// keeps memory the allocator holds after frees, so it overstates what live values take after a
/// burst of temporary allocations.
public func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// The bytes live allocations take (glibc's `mallinfo2`, the malloc zone's statistics on Apple's
/// systems), slack of each allocation included: the measure of what a value retains.
public func heapBytesInUse() -> Int {
    Int(heap_bytes_in_use())
}
