/// Every check of the suite, area by area.
enum CheckCatalogue {
    static let all: [ConformanceCheck] = ItemChecks.all
}
