import FileProviderKit
import FileProviderMount
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("errno mapping")
struct POSIXErrnoTests {
    @Test("the contract's everyday codes map to the errno a user expects")
    func everydayCodes() {
        #expect(POSIXErrno.code(for: FileProviderError(.noSuchItem)) == ENOENT)
        #expect(POSIXErrno.code(for: FileProviderError(.filenameCollision)) == EEXIST)
        #expect(POSIXErrno.code(for: FileProviderError(.directoryNotEmpty)) == ENOTEMPTY)
        #expect(POSIXErrno.code(for: FileProviderError(.insufficientQuota)) == EDQUOT)
        #expect(POSIXErrno.code(for: FileProviderError(.invalidFilename)) == EINVAL)
        #expect(POSIXErrno.code(for: FileProviderError(.fileWriteNoPermission)) == EACCES)
        #expect(POSIXErrno.code(for: FileProviderError(.featureUnsupported)) == ENOTSUP)
        #expect(POSIXErrno.code(for: FileProviderError(.serverUnreachable)) == EHOSTUNREACH)
        #expect(POSIXErrno.code(for: CancellationError()) == EINTR)
    }
}
