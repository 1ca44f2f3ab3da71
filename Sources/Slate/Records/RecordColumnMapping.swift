/// Where each column of a record is in a result that Slate did not write (`SELECT *`, a join,
/// SQL by hand): resolved from the result's column names once per statement (kept in its
/// ``SlateCore/ColumnLayout``), then read by index on every row.
@usableFromInline
final class RecordColumnMapping: Sendable {
    /// The result's column index of each record column, in the record's order; -1 where the
    /// result has no such column.
    @usableFromInline let columns: [Int32]
    /// The record's column names, for error messages.
    let names: [String]

    init(columns: [Int32], names: [String]) {
        self.columns = columns
        self.names = names
    }

    /// The result column of the record column at `position` (-1 when absent).
    @inlinable @inline(__always)
    func column(at position: Int) -> Int32 {
        columns.indices.contains(position) ? columns[position] : -1
    }

    /// The record's name of the column at `position`.
    func name(at position: Int) -> String {
        names.indices.contains(position) ? names[position] : "?"
    }

    /// The mapping of a record's columns in a layout, or `nil` when the layout starts with the
    /// record's columns in order (then they are read by position, which is faster).
    ///
    /// A name is matched as the Codable path matches a property: its exact spelling first, then
    /// ignoring case (``SlateCore/ColumnLayout/index(of:)``); in a join that repeats a name, the
    /// first column of that name.
    @usableFromInline
    static func mapping<Record: TableRecord>(of type: Record.Type, in layout: ColumnLayout) -> RecordColumnMapping? {
        let mapping = layout.derived.value(for: ObjectIdentifier(Record.self)) {
            let names = Record.columnNames
            if layout.names.count >= names.count, zip(names, layout.names).allSatisfy({ $0 == $1 }) {
                return RecordColumnMapping(columns: [], names: [])
            }
            return RecordColumnMapping(
                columns: names.map { name in layout.index(of: name).map { Int32($0) } ?? -1 }, names: names)
        }
        return mapping.names.isEmpty ? nil : mapping
    }
}
