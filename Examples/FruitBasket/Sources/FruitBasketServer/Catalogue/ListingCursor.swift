import Foundation

/// Where a listing resumes: the store's epoch, the folder (empty for the listing of every
/// item), the order, and the key of the last item handed out.
///
/// Its text form is base64url-encoded JSON, opaque to clients.
struct ListingCursor: Codable, Hashable, Sendable {
    /// The store's epoch.
    var epoch: String
    /// The folder listed, or "" for every item.
    var folder: String
    /// `name`, `date` or `id`.
    var order: String
    /// The last item's name key (name order) or identifier (identifier order).
    var key: String?
    /// The last item's date key (date order).
    var date: Double?
    /// The last item's identifier.
    var id: String

    /// The text form.
    var encoded: String {
        let json = (try? JSONEncoder().encode(self)) ?? Data()
        return json.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    init(epoch: String, folder: String, order: String, key: String?, date: Double?, id: String) {
        self.epoch = epoch
        self.folder = folder
        self.order = order
        self.key = key
        self.date = date
        self.id = id
    }

    /// Parses the text form; `nil` for anything else.
    init?(_ text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let cursor = try? JSONDecoder().decode(Self.self, from: data)
        else { return nil }
        self = cursor
    }
}
