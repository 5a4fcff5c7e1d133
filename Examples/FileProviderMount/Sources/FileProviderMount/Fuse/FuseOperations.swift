import CFuse3
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// libfuse's high-level callbacks, each a thin translation to ``MountedDomain``: paths and
/// handles in, `0` or a negative `errno` out (see ``POSIXErrno``).
enum FuseOperations {
    /// The callback table.
    static func table() -> fuse_operations {
        var operations = fuse_operations()
        operations.`init` = { _, config in
            if let config, let session = session() {
                config.pointee.entry_timeout = session.cacheTimeout
                config.pointee.attr_timeout = session.cacheTimeout
                config.pointee.negative_timeout = 0
                // An open file that is unlinked is renamed to ".fuse_hidden…" by libfuse, which
                // MountedDomain turns into a deletion at the provider and a name only the mount
                // knows, so that its path (and fstat, which the kernel asks by path) stays valid
                // until the last close. With hard_remove, fstat would fail with ESTALE.
                config.pointee.hard_remove = 0
                config.pointee.nullpath_ok = 0
            }
            return fpk_private_data()
        }
        operations.getattr = { path, status, info in
            serve { domain in
                if path == nil, let handle = info?.pointee.fh {
                    status?.pointee = try domain.attributes(ofHandle: handle)
                } else {
                    status?.pointee = try domain.attributes(at: try validPath(path))
                }
                return 0
            }
        }
        operations.readlink = { path, buffer, size in
            serve { domain in
                guard let buffer, size > 0 else { return -EINVAL }
                let target = Array(try domain.linkTarget(at: try validPath(path)).utf8.prefix(size - 1))
                target.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { characters in
                        if let base = characters.baseAddress { buffer.update(from: base, count: target.count) }
                    }
                }
                buffer[target.count] = 0
                return 0
            }
        }
        operations.opendir = { path, info in
            serve { domain in
                let entries = try domain.entries(at: try validPath(path))
                info?.pointee.fh = session()?.listings.withLock { $0.add(entries) } ?? 0
                return 0
            }
        }
        operations.readdir = { _, buffer, filler, offset, info, _ in
            guard let filler, let info, let entries = session()?.listings.withLock({ $0.entries(info.pointee.fh) })
            else { return -EBADF }
            if offset < 1, filler(buffer, ".", nil, 1, fuse_fill_dir_flags(0)) != 0 { return 0 }
            if offset < 2, filler(buffer, "..", nil, 2, fuse_fill_dir_flags(0)) != 0 { return 0 }
            var index = max(0, Int(offset) - 2)
            while index < entries.count {
                var status = entries[index].attributes
                let full = entries[index].name.withCString { name in
                    filler(buffer, name, &status, off_t(index + 3), FUSE_FILL_DIR_PLUS)
                }
                if full != 0 { break }
                index += 1
            }
            return 0
        }
        operations.releasedir = { _, info in
            if let info { session()?.listings.withLock { $0.remove(info.pointee.fh) } }
            return 0
        }
        operations.mkdir = { path, mode in
            serveAsync(path) { domain, path in
                _ = try await domain.create(at: path, kind: .folder, mode: mode)
                return 0
            }
        }
        operations.symlink = { target, path in
            guard let target = target.flatMap({ String(validatingCString: $0) }) else { return -EILSEQ }
            return serveAsync(path) { domain, path in
                _ = try await domain.create(at: path, kind: .symbolicLink(target), mode: 0o777)
                return 0
            }
        }
        operations.unlink = { path in
            serveAsync(path) { domain, path in
                try await domain.remove(at: path, directory: false)
                return 0
            }
        }
        operations.rmdir = { path in
            serveAsync(path) { domain, path in
                try await domain.remove(at: path, directory: true)
                return 0
            }
        }
        operations.rename = { source, destination, flags in
            let checked: Result<String, MountError> = Result { () throws(MountError) in try validPath(destination) }
            guard case .success(let destination) = checked else {
                if case .failure(let error) = checked { return -error.code }
                return -EINVAL
            }
            return serveAsync(source) { domain, source in
                try await domain.rename(from: source, to: destination, flags: flags)
                return 0
            }
        }
        operations.link = { _, _ in -EPERM }
        // Regular files only: FIFOs, sockets and device files are refused as on file systems
        // that cannot store them (vfat), with EPERM.
        operations.mknod = { path, mode, _ in
            guard mode & S_IFMT == S_IFREG else { return -EPERM }
            return serveAsync(path) { domain, path in
                _ = try await domain.create(at: path, kind: .file, mode: mode)
                return 0
            }
        }
        operations.chmod = { path, mode, _ in
            // An open file that was unlinked has no path, and nothing left to store a mode in.
            guard path != nil else { return 0 }
            return serveAsync(path) { domain, path in
                try await domain.setMode(at: path, mode)
                return 0
            }
        }
        operations.chown = { _, _, _, _ in 0 }
        operations.truncate = { path, size, info in
            let handle = info?.pointee.fh
            if path == nil, let handle {
                return serveAsync(nil) { domain, _ in
                    try await domain.truncate(handle: handle, to: Int64(size))
                    return 0
                }
            }
            return serveAsync(path) { domain, path in
                try await domain.truncate(at: path, to: Int64(size), handle: handle)
                return 0
            }
        }
        operations.utimens = { path, times, _ in
            guard let times else { return -EINVAL }
            guard path != nil else { return 0 }
            let modification = times[1]
            if modification.tv_nsec == fpk_utime_omit() { return 0 }
            let date =
                modification.tv_nsec == fpk_utime_now()
                ? Date() : Date(timeIntervalSince1970: Double(modification.tv_sec) + Double(modification.tv_nsec) / 1e9)
            return serveAsync(path) { domain, path in
                try await domain.setModificationDate(at: path, date)
                return 0
            }
        }
        operations.create = { path, mode, info in
            let flags = info?.pointee.flags ?? 0
            let result = serveAsync(path) { domain, path -> UInt64 in
                do {
                    _ = try await domain.create(at: path, kind: .file, mode: mode)
                } catch let error as MountError where error == .exists && flags & O_EXCL == 0 {
                    // Created meanwhile by another client: O_CREAT without O_EXCL opens it.
                    return try await domain.open(at: path, writable: true, truncate: flags & O_TRUNC != 0)
                }
                return try await domain.open(at: path, writable: true)
            }
            return finishOpen(result, info: info)
        }
        operations.open = { path, info in
            // libfuse 3 asks the kernel for atomic O_TRUNC: the flag arrives here, not as a
            // truncate before the open.
            let flags = info?.pointee.flags ?? 0
            let truncate = flags & O_TRUNC != 0
            let result = serveAsync(path) { domain, path in
                try await domain.open(at: path, writable: truncate || flags & O_ACCMODE != O_RDONLY, truncate: truncate)
            }
            return finishOpen(result, info: info)
        }
        operations.read = { _, buffer, size, offset, info in
            serve { domain in
                guard let buffer, let info else { return -EBADF }
                let handle = info.pointee.fh
                if domain.needsFetch(handle, offset: Int64(offset), size: size) {
                    let fetched = serveAsync(nil) { domain, _ in
                        try await domain.materialize(handle, offset: Int64(offset), size: size)
                        return 0
                    }
                    guard fetched == 0 else { return fetched }
                }
                return Int32(try domain.read(handle, into: buffer, size: size, offset: Int64(offset)))
            }
        }
        operations.write = { _, buffer, size, offset, info in
            serve { domain in
                guard let buffer, let info else { return -EBADF }
                return Int32(try domain.write(info.pointee.fh, from: buffer, size: size, offset: Int64(offset)))
            }
        }
        operations.flush = { _, info in synchronize(info) }
        operations.fsync = { _, _, info in synchronize(info) }
        operations.release = { _, info in
            guard let handle = info?.pointee.fh else { return -EBADF }
            return serveAsync(nil) { domain, _ in
                try await domain.release(handle)
                return 0
            }
        }
        operations.statfs = { _, status in
            guard let status else { return -EINVAL }
            status.pointee = statvfs()
            status.pointee.f_bsize = 4096
            status.pointee.f_frsize = 4096
            status.pointee.f_blocks = 1 << 30
            status.pointee.f_bfree = 1 << 30
            status.pointee.f_bavail = 1 << 30
            status.pointee.f_files = 1 << 30
            status.pointee.f_ffree = 1 << 30
            status.pointee.f_favail = 1 << 30
            status.pointee.f_namemax = 255
            return 0
        }
        return operations
    }
}

// MARK: Translation

/// The session the callback runs for.
private func session() -> MountSession? {
    fpk_private_data().map { Unmanaged<MountSession>.fromOpaque($0).takeUnretainedValue() }
}

/// The longest name of one path component, in bytes, as on most Linux file systems.
let maximumNameLength = 255

/// The path libfuse handed in, checked: every name must be valid UTF-8 (the contract's names are
/// strings; a name that is not would be rewritten, and two distinct names could become one) and
/// at most ``maximumNameLength`` bytes.
///
/// - Throws: `EILSEQ` for a name that is not UTF-8, `ENAMETOOLONG` for a name that is too long,
///   `ENOENT` for a missing path (an open file that was unlinked has none).
func validPath(_ path: UnsafePointer<CChar>?) throws(MountError) -> String {
    guard let path else { throw .noEntry }
    var length = 0
    var index = 0
    while path[index] != 0 {
        if path[index] == 0x2F {
            length = 0
        } else {
            length += 1
            if length > maximumNameLength { throw MountError(code: ENAMETOOLONG) }
        }
        index += 1
    }
    guard let string = String(validatingCString: path) else { throw MountError(code: EILSEQ) }
    return string
}

/// Runs a callback that does not wait, turning a thrown error into `-errno`.
private func serve(_ body: (MountedDomain) throws -> Int32) -> Int32 {
    guard let domain = session()?.domain else { return -EIO }
    do {
        return try body(domain)
    } catch {
        return -POSIXErrno.code(for: error)
    }
}

/// Runs a callback that calls the provider, blocking the libfuse thread until it ends.
private func serveAsync<T: Sendable>(
    _ pointer: UnsafePointer<CChar>?,
    _ body: @escaping @Sendable (MountedDomain, String) async throws -> T
) -> Result<T, MountError> {
    guard let domain = session()?.domain else { return .failure(MountError(code: EIO)) }
    let path: String
    if let pointer {
        do {
            path = try validPath(pointer)
        } catch {
            return .failure(error)
        }
    } else {
        path = "/"
    }
    return blockingWait {
        do {
            return .success(try await body(domain, path))
        } catch {
            return .failure(MountError(code: POSIXErrno.code(for: error)))
        }
    }
}

private func serveAsync(
    _ path: UnsafePointer<CChar>?,
    _ body: @escaping @Sendable (MountedDomain, String) async throws -> Int32
) -> Int32 {
    switch serveAsync(path, body) as Result<Int32, MountError> {
    case .success(let value): value
    case .failure(let error): -error.code
    }
}

private func finishOpen(_ result: Result<UInt64, MountError>, info: UnsafeMutablePointer<fuse_file_info>?) -> Int32 {
    switch result {
    case .success(let handle):
        info?.pointee.fh = handle
        return 0
    case .failure(let error): return -error.code
    }
}

private func synchronize(_ info: UnsafeMutablePointer<fuse_file_info>?) -> Int32 {
    guard let handle = info?.pointee.fh else { return -EBADF }
    return serveAsync(nil) { domain, _ in
        try await domain.synchronize(handle)
        return 0
    }
}
