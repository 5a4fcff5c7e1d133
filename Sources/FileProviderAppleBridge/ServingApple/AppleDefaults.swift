/// What the bridge assumes where Apple's system leaves an optional member unimplemented.
enum AppleDefaults {
    /// The page and batch size of an observer that suggests none.
    static let pageSize = 100
}
