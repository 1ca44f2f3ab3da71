import Foundation

/// The box handed to `sqlite3_create_collation_v2`: the comparison SQLite calls back into.
///
/// It is retained when registered and released by SQLite's destroy callback when the collation
/// is replaced or removed or the connection closes. (Unlike functions, SQLite does not call the
/// destroy callback when registration fails; the registering code releases it then.)
final class CollationDefinition {
    let name: String
    let compare: (String, String) -> ComparisonResult

    init(name: String, compare: @escaping (String, String) -> ComparisonResult) {
        self.name = name
        self.compare = compare
    }
}

/// `xCompare`: decodes both texts (repairing invalid UTF-8 with U+FFFD, so any bytes are safe)
/// and compares them with the Swift closure.
func collationCompareCallback(
    _ data: UnsafeMutableRawPointer?, _ leftCount: Int32, _ left: UnsafeRawPointer?,
    _ rightCount: Int32, _ right: UnsafeRawPointer?
) -> Int32 {
    guard let data else { return 0 }
    let definition = Unmanaged<CollationDefinition>.fromOpaque(data).takeUnretainedValue()
    let lhs = String(decoding: UnsafeRawBufferPointer(start: left, count: left == nil ? 0 : Int(leftCount)), as: UTF8.self)
    let rhs = String(decoding: UnsafeRawBufferPointer(start: right, count: right == nil ? 0 : Int(rightCount)), as: UTF8.self)
    switch definition.compare(lhs, rhs) {
    case .orderedAscending: return -1
    case .orderedSame: return 0
    case .orderedDescending: return 1
    }
}

/// `xDestroy`: releases the collation when SQLite no longer needs it.
func collationDestroyCallback(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<CollationDefinition>.fromOpaque(data).release()
}
