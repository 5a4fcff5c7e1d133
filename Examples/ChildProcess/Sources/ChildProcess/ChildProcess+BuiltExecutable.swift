import Foundation

extension ChildProcess {
    /// The path of the executable `name` that the package manager built beside the running test
    /// bundle (an executable product of the package under test), or `nil` when there is none.
    public static func builtExecutable(named name: String) -> String? {
        let folders = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        return folders.map { $0.appendingPathComponent(name).path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
