import Foundation

/// The distinct SQL texts of the statements a connection ran, copied into Swift strings once.
///
/// SQLite keeps each compiled statement's text at a stable address while the statement lives, so
/// a statement run many times is recognised by that address without copying its text again. The
/// address is only a shortcut: once a statement is finalized, SQLite may put the next statement's
/// text at the same address, so every text ever seen is kept in ``all``, and a known address
/// counts only when its text is still the same.
struct StatementTexts {
    /// The texts, by the address SQLite last kept each at.
    private var byAddress: [UnsafePointer<CChar>: String] = [:]
    /// Every distinct text recorded.
    private(set) var all: Set<String> = []

    /// Records the text of `statement`.
    mutating func record(_ statement: OpaquePointer) {
        guard let text = sqlite3_sql(statement) else { return }
        if let known = byAddress[text], known.withCString({ strcmp($0, text) == 0 }) {
            all.insert(known)
            return
        }
        let copy = String(cString: text)
        byAddress[text] = copy
        all.insert(copy)
    }

    /// Forgets the texts recorded, but keeps knowing the addresses, so that the next
    /// transaction running the same cached statements copies none of their texts again.
    mutating func removeAll() {
        if !all.isEmpty { all.removeAll(keepingCapacity: true) }
        // Statements compiled afresh each time leave an address each: keep the table bounded.
        if byAddress.count > 256 { byAddress.removeAll() }
    }
}
