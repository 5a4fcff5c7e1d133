import ArgumentParser
import FileProviderKit
import Foundation
import FruitBasketProvider
import FruitBasketServer

/// `fruitbasket-benchmark`: lists a large folder through the provider and through plain HTTP
/// side by side, and measures creations and modifications per second over loopback.
///
/// Build it in release: `swift run -c release fruitbasket-benchmark`.
@main
struct BenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fruitbasket-benchmark",
        abstract: "Measures FruitBasket over loopback: listing through the provider against plain HTTP, and writes.",
        discussion: """
            Seeds a SQLite store with --items files in one folder, then runs --rounds alternating blocks \
            of three listings of that folder (after one warm-up block): the provider's enumerator \
            (pages of 1,000), plain HTTP GETs of the same keyset pages decoded as JSON, and one plain \
            HTTP GET of every row as JSON. Prints the minimum and median of each and their ratios, then \
            --writes creations and as many content modifications through the provider, one at a time \
            and 8 at a time.
            """
    )

    @Option(help: "How many files the listed folder holds.")
    var items = 100_000

    @Option(help: "How many measured blocks of the three listings.")
    var rounds = 5

    @Option(help: "How many creations (and as many modifications) to time.")
    var writes = 1_000

    func validate() throws {
        guard items > 0, rounds > 0, writes > 0 else {
            throw ValidationError("--items, --rounds and --writes must be positive.")
        }
    }

    func run() async throws {
        let bench = try await LoopbackBench.open()
        do {
            print("seeding \(items) files…")
            let seeding = try await bench.seed(count: items)
            print(
                String(
                    format: "seeded in %.1f s (%.0f creations/s in the catalogue, no HTTP)",
                    seeding,
                    Double(items) / seeding
                )
            )
            try await ListingComparison(bench: bench, expected: items, rounds: rounds).run()
            try await WriteThroughput(bench: bench, count: writes).run()
        } catch {
            await bench.close()
            throw error
        }
        await bench.close()
    }
}
