import Slate

/// Creates, in `db`, a table described with SQLite.swiftly's `TableDescription`: `n INTEGER NOT
/// NULL` and `label TEXT`, the shape of the bulk-insert tests.
///
/// - Parameters:
///   - name: The table's name.
///   - db: The database.
/// - Returns: The description, for `prepareInsert(into:)`.
public func createLabelledTable(_ name: String, in db: Connection) throws -> TableDescription {
    let description = try TableDescription(
        name: name,
        columns: [
            ColumnDescription(name: "n", type: .integer, nullable: false),
            ColumnDescription(name: "label", type: .text)
        ])
    try db.createTable(description)
    return description
}
