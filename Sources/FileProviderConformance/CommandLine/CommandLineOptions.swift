import Foundation

/// The options of ``ConformanceCommandLine``, parsed from the command line.
struct CommandLineOptions {
    /// A command-line argument that cannot be understood, with the sentence to print.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    var listChecks = false
    var printClauseMatrix = false
    var printAppleRules = false
    var showHelp = false
    var checkIDs: [String] = []
    var areas: [CheckArea] = []
    /// The tier given with `--tier`, if any.
    var givenTier: ConformanceTier?
    var seed: UInt64?
    var steps: Int?
    var checkInterval: Int?
    var jsonPath: String?
    var junitPath: String?
    var quiet = false

    /// The text `--help` prints for `commandName`, which runs the suite against `subjectName`.
    static func usage(commandName: String, subjectName: String) -> String {
        """
        USAGE: \(commandName) [options]

        Runs the FileProviderKit conformance suite against \(subjectName) and prints a summary
        table ending with "N passed, M failed". Exits 0 when nothing failed, 1 when a check failed, 2
        for bad arguments or a report path that cannot be written.

        From your tests, replay a finding with the line it ends with:
        FILEPROVIDER_CHECK=ID FILEPROVIDER_SEED=N swift test --filter TEST (see ConformanceEnvironment).

        OPTIONS (a value can also follow an equals sign: --seed=42):
          --list                 List the checks --check, --area and --tier select (by default every check of
                                 every tier) with tier and title, then exit.
          --clause-matrix        Print the contract's clauses with the checks verifying each, then exit.
          --apple-rules          Print Apple's behavioural rules with the clauses answering each, then exit.
          --check ID             Run this check (repeatable), for example --check ENUM-02.
          --area AREA            Run this area's checks of the tier (repeatable): \(CheckArea.allCases.map(\.rawValue).joined(separator: ", ")).
                                 With --check, runs the named checks and the areas' checks together.
          --tier TIER            smoke, standard (default) or exhaustive.
          --seed N               The seed to run with (default: random, printed), to replay a failure.
          --steps N              Operations per randomized run (default: the tier's).
          --check-interval N     Operations between two whole-state checks of a randomized run (default 8;
                                 1 checks after every operation, several times slower).
          --json PATH            Also write the report as JSON (schema version \(ConformanceReport.jsonSchemaVersion)) to PATH.
          --junit PATH           Also write the report as JUnit XML to PATH.
          --quiet                Print only failures and the summary.
          -h, --help             Show this help.
        """
    }

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``UsageError`` naming the argument that cannot be understood.
    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var inlineValue: String?
            var option = argument
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                option = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue {
                    guard !inlineValue.isEmpty else { throw UsageError(description: "\(option) needs a value.") }
                    return inlineValue
                }
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(description: "\(option) needs a value.")
                }
                return value
            }
            try apply(option, value: value, takesValue: inlineValue != nil)
        }
    }

    private mutating func apply(
        _ option: String,
        value: () throws(UsageError) -> String,
        takesValue hasInlineValue: Bool
    ) throws(UsageError) {
        switch option {
        case "--list", "--clause-matrix", "--apple-rules", "-h", "--help", "--quiet":
            guard !hasInlineValue else { throw UsageError(description: "\(option) takes no value.") }
            switch option {
            case "--list": listChecks = true
            case "--clause-matrix": printClauseMatrix = true
            case "--apple-rules": printAppleRules = true
            case "--quiet": quiet = true
            default: showHelp = true
            }
        case "--check":
            let id = try value()
            guard let check = Conformance.check(withID: id) else {
                throw UsageError(description: "There is no check \"\(id)\"; --list shows them all.")
            }
            checkIDs.append(check.id)
        case "--area":
            let name = try value()
            guard
                let area = CheckArea.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame })
            else {
                throw UsageError(
                    description:
                        "There is no area \"\(name)\"; use one of \(CheckArea.allCases.map(\.rawValue).joined(separator: ", "))."
                )
            }
            areas.append(area)
        case "--tier":
            let name = try value()
            guard let parsed = ConformanceTier(rawValue: name.lowercased()) else {
                throw UsageError(description: "There is no tier \"\(name)\"; use smoke, standard or exhaustive.")
            }
            givenTier = parsed
        case "--seed":
            let text = try value()
            guard let parsed = UInt64(text) else {
                throw UsageError(description: "--seed needs a whole number from 0 to \(UInt64.max), not \"\(text)\".")
            }
            seed = parsed
        case "--steps":
            let text = try value()
            guard let parsed = Int(text), parsed > 0 else {
                throw UsageError(description: "--steps needs a positive whole number, not \"\(text)\".")
            }
            steps = parsed
        case "--check-interval":
            let text = try value()
            guard let parsed = Int(text), parsed > 0 else {
                throw UsageError(description: "--check-interval needs a positive whole number, not \"\(text)\".")
            }
            checkInterval = parsed
        case "--json": jsonPath = try value()
        case "--junit": junitPath = try value()
        default:
            throw UsageError(description: "Unknown argument \"\(option)\"; --help lists the options.")
        }
    }

    /// The tier to run: the one given, or standard.
    var tier: ConformanceTier { givenTier ?? .standard }

    /// The checks to run, in catalogue order: those named with `--check` (whatever their tier) and
    /// those of the tier in the areas named with `--area`; every check of the tier when neither is
    /// given. A listing without `--tier` takes every tier.
    func selectedChecks() -> [ConformanceCheck] {
        let ofTier = Conformance.checks(for: listChecks ? givenTier ?? .exhaustive : tier)
        if checkIDs.isEmpty && areas.isEmpty { return ofTier }
        let inAreas = Set(ofTier.filter { areas.contains($0.area) }.map(\.id))
        return Conformance.allChecks.filter { checkIDs.contains($0.id) || inAreas.contains($0.id) }
    }

    /// Checks before the run that every report path can be written, so a typo does not cost a
    /// whole run.
    ///
    /// - Throws: ``UsageError`` naming the path and why it cannot be written.
    func validateReportPaths() throws(UsageError) {
        for (option, path) in [("--json", jsonPath), ("--junit", junitPath)] {
            guard let path else { continue }
            let url = URL(fileURLWithPath: path)
            let manager = FileManager.default
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
                guard !isDirectory.boolValue else {
                    throw UsageError(description: "\(option) \(path) is a folder; give a file path.")
                }
                guard manager.isWritableFile(atPath: url.path) else {
                    throw UsageError(description: "\(option) \(path) cannot be written: permission denied.")
                }
                continue
            }
            let folder = url.deletingLastPathComponent()
            guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError(
                    description: "\(option) \(path) cannot be written: the folder \(folder.path) does not exist."
                )
            }
            guard manager.isWritableFile(atPath: folder.path) else {
                throw UsageError(
                    description: "\(option) \(path) cannot be written: the folder \(folder.path) is not writable."
                )
            }
        }
    }
}
