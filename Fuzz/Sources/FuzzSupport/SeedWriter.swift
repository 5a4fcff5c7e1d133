import Foundation

/// Writes seed inputs into the folder named by the `FUZZ_SEED_DIR` environment variable, if any:
/// the fuzz targets call it from `LLVMFuzzerInitialize`, before libFuzzer reads its corpus, so
/// a run starts from valid tokens of the very provider it fuzzes.
public enum SeedWriter {
    /// Writes each seed to a file named `prefix-N`; does nothing without `FUZZ_SEED_DIR`.
    public static func write(_ seeds: [[UInt8]], prefix: String) {
        guard let folder = ProcessInfo.processInfo.environment["FUZZ_SEED_DIR"] else { return }
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (index, seed) in seeds.enumerated() {
            try? Data(seed).write(to: url.appendingPathComponent("\(prefix)-\(index)"))
        }
    }
}
