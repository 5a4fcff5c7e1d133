/// Every check of the suite, area by area.
enum CheckCatalogue {
    static let all: [ConformanceCheck] =
        ItemChecks.all + EnumerationChecks.all + ChangeChecks.all + MutationChecks.all + ContentChecks.all
        + WorkingSetChecks.all + TrashChecks.all + ErrorChecks.all + LifecycleChecks.all + ModelChecks.all
}
