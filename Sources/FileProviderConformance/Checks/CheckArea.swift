/// The group a check belongs to; the prefix of its identifier.
public enum CheckArea: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// Item properties: identifiers, names, types, versions (`ITEM-…`).
    case items = "ITEM"
    /// Paged listings of containers (`ENUM-…`).
    case enumeration = "ENUM"
    /// Change enumeration since a sync anchor (`CHG-…`).
    case changes = "CHG"
    /// Creations, modifications and deletions, conflicts and collisions (`MUT-…`).
    case mutations = "MUT"
    /// Content fetching, whole and partial (`CNT-…`).
    case content = "CNT"
    /// The working set (`WS-…`).
    case workingSet = "WS"
    /// The trash (`TRASH-…`).
    case trash = "TRASH"
    /// Error codes and atomic failures (`ERR-…`).
    case errors = "ERR"
    /// Fresh instances, invalidation, cancellation and restarts (`LIFE-…`).
    case lifecycle = "LIFE"
    /// Seeded, model-based randomized runs (`MODEL-…`).
    case model = "MODEL"

    /// A readable name, for example "working set".
    public var description: String {
        switch self {
        case .items: "items"
        case .enumeration: "enumeration"
        case .changes: "changes"
        case .mutations: "mutations"
        case .content: "content"
        case .workingSet: "working set"
        case .trash: "trash"
        case .errors: "errors"
        case .lifecycle: "lifecycle"
        case .model: "model"
        }
    }
}
