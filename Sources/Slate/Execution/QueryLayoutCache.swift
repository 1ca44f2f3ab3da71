/// Row layouts of typed queries by SQL text, so that a query's column keys are computed once per
/// query shape, however many statements run it (a statement keeps its own layout after its first
/// run; see `Connection.queryLayout(for:sql:statement:)`).
///
/// Kept in the connection's storage: one cache per connection, gone with the connection. It
/// holds layouts, never statements.
final class QueryLayoutCache {
    /// The connection's cache, made on its first typed query.
    enum StorageKey: ConnectionStorageKey {
        static let slot = ConnectionStorageSlot()
        static func makeValue() -> QueryLayoutCache { QueryLayoutCache() }
    }

    /// The most query shapes kept before the cache starts over.
    static let capacity = 512

    /// Keyed by bytes, as SQLite reads the SQL.
    private var layouts: [SQLText: ColumnLayout] = [:]

    /// The layout kept for some SQL.
    func layout(for sql: SQLText) -> ColumnLayout? {
        layouts[sql]
    }

    /// Keeps the layout of some SQL. Query shapes are few in practice, but generated SQL can
    /// make many: the cache starts over when full rather than grow without bound.
    func keep(_ layout: ColumnLayout, for sql: SQLText) {
        if layouts.count >= Self.capacity { layouts.removeAll(keepingCapacity: true) }
        layouts[sql] = layout
    }
}
