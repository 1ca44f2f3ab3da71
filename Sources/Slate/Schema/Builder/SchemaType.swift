/// A query that names a schema object (a table, view or virtual table) that can be created,
/// altered and dropped.
public protocol SchemaType: QueryType {
    /// The object's kind in SQL: `TABLE`, `VIEW` or `VIRTUAL TABLE`.
    static var identifier: String { get }
}
