import FileProviderKit
import Foundation

/// How findings show the values they compare, so `expected` and `actual` read as values: bytes as
/// their text or hexadecimal with their length, ``ItemFields`` by name, NaN dates by their raw interval
/// instead of trapping, optionals unwrapped.
enum FindingValue {
    /// The longest text or byte run shown before it is cut with an ellipsis.
    static let shownBytes = 48

    /// `value` as a finding shows it.
    static func describe(_ value: Any) -> String {
        switch value {
        case let data as Data: describe(data)
        case let fields as ItemFields: describe(fields)
        case let date as Date: describe(date)
        case let values as [Any]: "[" + values.map(describe).joined(separator: ", ") + "]"
        default: describeUnwrapping(value)
        }
    }

    /// Bytes that are printable UTF-8 as quoted text, others in hexadecimal; both with their length,
    /// for example `"original" (8 bytes)` or `0x0000000000000002 (8 bytes)`.
    static func describe(_ data: Data) -> String {
        let length = data.count == 1 ? "1 byte" : "\(data.count) bytes"
        if data.isEmpty { return "empty (0 bytes)" }
        let shown = data.prefix(shownBytes)
        let cut = data.count > shownBytes ? "…" : ""
        if let text = String(data: shown, encoding: .utf8),
            text.unicodeScalars.allSatisfy({
                $0.properties.isWhitespace ? $0 == " " : !$0.properties.generalCategory.isControl
            })
        {
            return "\"\(text)\(cut)\" (\(length))"
        }
        return "0x" + shown.map { String(format: "%02x", $0) }.joined() + cut + " (\(length))"
    }

    /// A date as `Date.description` shows it, followed by its raw interval when it holds a
    /// fraction of a second, which `Date.description` leaves out (two dates a fraction apart would
    /// read the same); a NaN date, which a provider may return and which traps there, as its raw
    /// interval: `Date(timeIntervalSinceReferenceDate: nan)`.
    static func describe(_ date: Date) -> String {
        let interval = date.timeIntervalSinceReferenceDate
        guard !interval.isNaN else { return "Date(timeIntervalSinceReferenceDate: \(interval))" }
        guard interval.isFinite, interval != interval.rounded(.down) else { return date.description }
        return "\(date.description) (timeIntervalSinceReferenceDate: \(interval))"
    }

    /// The fields by name, for example `[contents, filename]`; bits no field has are shown in
    /// hexadecimal.
    static func describe(_ fields: ItemFields) -> String {
        var names = fieldNames.filter { fields.contains($0.field) }.map(\.name)
        let unknown = fields.subtracting(ItemFields.all)
        if !unknown.isEmpty { names.append("0x" + String(unknown.rawValue, radix: 16)) }
        return "[" + names.joined(separator: ", ") + "]"
    }

    private static let fieldNames: [(name: String, field: ItemFields)] = [
        ("contents", .contents), ("filename", .filename), ("parentItemIdentifier", .parentItemIdentifier),
        ("lastUsedDate", .lastUsedDate), ("tagData", .tagData), ("favoriteRank", .favoriteRank),
        ("creationDate", .creationDate), ("contentModificationDate", .contentModificationDate),
        ("fileSystemFlags", .fileSystemFlags), ("extendedAttributes", .extendedAttributes),
        ("typeAndCreator", .typeAndCreator),
    ]

    private static func describeUnwrapping(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return "\(value)" }
        return mirror.children.first.map { describe($0.value) } ?? "nil"
    }
}

extension Unicode.GeneralCategory {
    /// Whether the category is a control, format or unassigned one: characters a finding escapes.
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .unassigned, .surrogate, .privateUse: true
        default: false
        }
    }
}
