#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer's driver, linked in by `-sanitize=fuzzer`.
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Hands the process to libFuzzer, which calls `callback` with each input. A fuzz target's
/// `main.swift` prepares its subject (and seeds), then calls this; libFuzzer's own `main` is not
/// used, because the package manager names the executable's entry point after the module.
public enum FuzzDriver {
    /// Runs libFuzzer with `callback` and exits with its status.
    public static func run(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(llvmFuzzerRunDriver(&argc, &argv, callback))
    }

    /// The input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let data, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }
}
