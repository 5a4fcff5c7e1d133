import FileProviderConformance

/// The options of `fileprovider-conformance`, parsed from the command line.
struct CommandLineOptions {
    /// A command-line argument that cannot be understood, with the sentence to print.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    var listChecks = false
    var printClauseMatrix = false
    var showHelp = false
    var checkIDs: [String] = []
    var areas: [CheckArea] = []
    var tier = ConformanceTier.standard
    var seed: UInt64?
    var steps: Int?
    var jsonPath: String?
    var junitPath: String?
    var quiet = false

    static let usage = """
        USAGE: fileprovider-conformance [options]

        Runs the FileProviderKit conformance suite against the in-memory reference provider and prints
        a summary table ending with "N passed, M failed". Exits 0 when nothing failed, 1 when a check
        failed, 2 for bad arguments.

        OPTIONS:
          --list                 List every check with its area, tier and title, then exit.
          --clause-matrix        Print the contract's clauses with the checks verifying each, then exit.
          --check ID             Run only this check (repeatable), for example --check ENUM-02.
          --area AREA            Run only this area (repeatable): \(CheckArea.allCases.map(\.rawValue).joined(separator: ", ")).
          --tier TIER            smoke, standard (default) or exhaustive.
          --seed N               The seed to run with (default: random, printed), to replay a failure.
          --steps N              Operations per randomized run (default: the tier's).
          --json PATH            Also write the report as JSON to PATH.
          --junit PATH           Also write the report as JUnit XML to PATH.
          --quiet                Print only failures and the summary.
          -h, --help             Show this help.
        """

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``UsageError`` naming the argument that cannot be understood.
    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        func value(for option: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(description: "\(option) needs a value.")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--list": listChecks = true
            case "--clause-matrix": printClauseMatrix = true
            case "-h", "--help": showHelp = true
            case "--quiet": quiet = true
            case "--check":
                let id = try value(for: argument)
                guard Conformance.check(withID: id) != nil else {
                    throw UsageError(description: "There is no check \"\(id)\"; --list shows them all.")
                }
                checkIDs.append(id)
            case "--area":
                let name = try value(for: argument)
                guard
                    let area = CheckArea.allCases.first(where: {
                        $0.rawValue.caseInsensitiveCompare(name) == .orderedSame
                    })
                else {
                    throw UsageError(
                        description:
                            "There is no area \"\(name)\"; use one of \(CheckArea.allCases.map(\.rawValue).joined(separator: ", "))."
                    )
                }
                areas.append(area)
            case "--tier":
                let name = try value(for: argument)
                guard let parsed = ConformanceTier(rawValue: name.lowercased()) else {
                    throw UsageError(description: "There is no tier \"\(name)\"; use smoke, standard or exhaustive.")
                }
                tier = parsed
            case "--seed":
                let text = try value(for: argument)
                guard let parsed = UInt64(text) else {
                    throw UsageError(
                        description: "--seed needs a whole number from 0 to \(UInt64.max), not \"\(text)\"."
                    )
                }
                seed = parsed
            case "--steps":
                let text = try value(for: argument)
                guard let parsed = Int(text), parsed > 0 else {
                    throw UsageError(description: "--steps needs a positive whole number, not \"\(text)\".")
                }
                steps = parsed
            case "--json": jsonPath = try value(for: argument)
            case "--junit": junitPath = try value(for: argument)
            default:
                throw UsageError(description: "Unknown argument \"\(argument)\"; --help lists the options.")
            }
        }
    }

    /// The checks to run: those named, or those of the named areas, or every check of the tier.
    func selectedChecks() -> [ConformanceCheck] {
        if !checkIDs.isEmpty { return checkIDs.compactMap { Conformance.check(withID: $0) } }
        let ofTier = Conformance.checks(for: tier)
        return areas.isEmpty ? ofTier : ofTier.filter { areas.contains($0.area) }
    }
}
