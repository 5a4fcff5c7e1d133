import Foundation
import Testing

extension KernelMountTests {
    /// The project's POSIX suite (``POSIXCase/all``), grouped by system call as established suites
    /// are: each case runs in a plain directory and in a mount of each provider, and must print
    /// what it expects — the plain directory too, so every expectation is checked against the
    /// kernel's own file system; it differs only for what the mount guide documents as
    /// unsupported.
    @Suite("POSIX suite")
    struct POSIXSuiteTests {
        /// Where the cases run.
        enum Subject: String, CaseIterable, CustomTestStringConvertible {
            case plainDirectory = "plain directory"
            case reference
            case folder

            var testDescription: String { rawValue }
        }

        @Test("every case prints what it expects", arguments: Subject.allCases)
        func suite(_ subject: Subject) throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let results: [String: [String]]
            switch subject {
            case .plainDirectory:
                let plain = folder("plain")
                try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
                results = try POSIXSuiteRunner.run(POSIXCase.all, in: plain)
            case .reference, .folder:
                let provider: POSIXSemanticsTests.Subject = subject == .reference ? .reference : .folder
                let (mount, _) = try POSIXSemanticsTests.mount(provider, in: folder)
                defer { mount.cleanUp() }
                results = try POSIXSuiteRunner.run(POSIXCase.all, in: mount.mountPoint)
                #expect(try mount.unmount() == 0)
            }
            for testCase in POSIXCase.all {
                let expected =
                    subject == .plainDirectory ? testCase.plainDirectory ?? testCase.expected : testCase.expected
                #expect(results[testCase.description] == expected, "\(testCase)")
            }
        }
    }
}
