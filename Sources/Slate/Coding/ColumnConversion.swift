/// How a property's type is stored in a column: the one table that both readers of a row follow.
///
/// The Codable row decoder (``ColumnValueDecoding``) looks a type up here at run time; a
/// ``RecordReader`` overload is picked for it at compile time, and checks in debug builds that
/// it is the overload this table names, so the two cannot read the same column differently.
/// The rows, in the order they are tried:
/// 1. ``exact``: SlateCore converts the type (integers, `Bool`, `Double`, `String`, `Data`,
///    `Date`, `UUID`, `URL`, and their optionals), exactly;
/// 2. ``customValue``: a custom ``Value`` converts its stored form with `fromDatatypeValue`;
/// 3. ``rawValue``: an enum whose raw value SlateCore converts reads the raw value, then
///    `init(rawValue:)`;
/// 4. ``decodable``: any other `Decodable` type decodes a single value from the column where it
///    can, and otherwise its JSON text.
@usableFromInline
enum ColumnConversion: Equatable, Sendable {
    case exact
    case customValue
    case rawValue
    case decodable

    /// The table's row for `type`.
    @usableFromInline
    static func of(_ type: Any.Type) -> ColumnConversion {
        if type is any SQLiteRepresentable.Type { return .exact }
        if type is any Value.Type { return .customValue }
        if let raw = type as? any RawRepresentable.Type, hasRepresentableRawValue(raw) { return .rawValue }
        return .decodable
    }

    /// Whether an enum's raw value is a type SlateCore converts.
    private static func hasRepresentableRawValue<R: RawRepresentable>(_ type: R.Type) -> Bool {
        R.RawValue.self is any SQLiteRepresentable.Type
    }
}
