import Foundation

extension SQLiteRepresentable {
    /// Converts a stored value the way reading a column does (``RowView/get(_:as:)-(Int32,_)``),
    /// which is more lenient than the value conversion ``SQLiteRepresentable/init(_:)``: an
    /// integral REAL reads as an integer (`total()`, a REAL column holding `3.0`), and TEXT
    /// reads as `Data` (its UTF-8 bytes).
    ///
    /// The value conversion is as strict as DataLiteCore's, which its users' code relies on; a
    /// copied ``Row`` must read what the statement it was copied from reads, so rows and Codable
    /// decoding of copied rows use this one.
    ///
    /// - Parameter value: The stored value.
    @inlinable
    package init?(columnValue value: SQLiteValue) {
        if let strict = Self(value) {
            self = strict
            return
        }
        // Only on the strict conversion's failure path, so the dynamic casts cost the hot path nothing.
        switch value {
        case .real(let real):
            guard let integer = Self.self as? any FixedWidthInteger.Type,
                let converted = integer.init(exactly: real) as? Self
            else { return nil }
            self = converted
        case .text(let text):
            guard let data = Data(text.utf8) as? Self else { return nil }
            self = data
        default:
            return nil
        }
    }
}
