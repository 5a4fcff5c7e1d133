import FileProviderConformance
import Foundation
import Testing

/// The seed and step count `Scripts/soak.sh` sets to run the randomized checks long, seed after
/// seed; without `LOCALFOLDER_MODEL_SEED` the soak does not run.
enum Soak {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["LOCALFOLDER_MODEL_SEED"].flatMap(UInt64.init)
    static let options = ConformanceOptions(
        seed: seed ?? 0,
        randomizedSteps: environment["LOCALFOLDER_MODEL_STEPS"].flatMap(Int.init) ?? 2_000
    )
}

@Test(.enabled(if: Soak.seed != nil), arguments: Conformance.checks(for: .standard).filter { $0.area == .model })
func soak(_ check: ConformanceCheck) async {
    await Conformance.run(check, against: subject, options: Soak.options).recordIssues()
}
