import Foundation

/// A value in an item's ``FileProviderItem/userInfo``: a string, a number, a Boolean or a date,
/// the only kinds the contract allows.
public enum UserInfoValue: Hashable, Codable, Sendable {
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A floating-point number.
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// A date.
    case date(Date)
}
