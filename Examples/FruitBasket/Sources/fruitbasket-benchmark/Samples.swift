/// The times one measurement took, in seconds, over the measured blocks.
struct Samples {
    var values: [Double] = []

    var minimum: Double { values.min() ?? .nan }

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
