import SlateCore

/// A weakly held connection: `value` is `nil` once the connection is freed.
public final class WeakConnection {
    /// The connection, while something else keeps it alive.
    public weak var value: Connection?

    /// Holds `value` weakly.
    public init(_ value: Connection) { self.value = value }
}

/// Opens a connection (in memory unless a `path` is given), runs `schema` and then `use`,
/// releases the connection and returns a weak reference to it, `nil` once the connection is freed.
///
/// Not inlined, so that the connection's last strong reference ends with the call: a test of
/// whether a connection leaks checks `value == nil` on the result.
@inline(never)
public func releasedConnection(
    path: String? = nil, schema: String, _ use: (Connection) throws -> Void
) throws -> WeakConnection {
    let db = try path.map { try Connection($0) } ?? Connection()
    try db.execute(sql: schema)
    try use(db)
    return WeakConnection(db)
}
