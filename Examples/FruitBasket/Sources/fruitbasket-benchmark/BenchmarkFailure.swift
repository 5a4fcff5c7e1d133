/// A benchmark run that could not measure what it set out to: a listing came back incomplete, a
/// request failed.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
