/// What a ``StatementCache`` entry is kept for. Keys of different cases never match, so a
/// statement kept for SQL text, one kept for a record type, a released compiled form of the same
/// text and an insert shape are four entries, each found only by its own kind of key.
package enum StatementCacheKey: Hashable {
    /// ``Connection/cachedStatement(sql:)``: the SQL text, by its bytes.
    case sql(SQLText)
    /// The compiled form of a statement that `prepare(sql:)` compiled and its user released,
    /// inside a transaction of a queue's or pool's access (see ``RecycledStatements``).
    case released(SQLText)
    /// A layer's statement for a type and a kind of statement (Slate: a record's insert, update,
    /// select…), found without its SQL.
    case typed(ObjectIdentifier, kind: UInt8)
    /// A layer's own key (Slate: the shape of a one-row insert), compared and hashed by the layer.
    case shape(StatementShapeKey)
}

/// A key that a layer built on SlateCore makes for its statements (Slate's insert shapes), opaque
/// to SlateCore: a class, so that the last hit can be compared with the layer's next query
/// without building a key (see ``StatementCache/lastShape(_:)``).
package protocol StatementShape: AnyObject {
    /// Hashes the shape.
    func hash(into hasher: inout Hasher)
    /// Whether another shape is the same, so that the two share a statement.
    func isSame(as other: any StatementShape) -> Bool
}

/// A ``StatementShape`` as a hashable key.
package struct StatementShapeKey: Hashable {
    /// The layer's shape.
    package let object: any StatementShape

    /// Wraps a shape.
    package init(_ object: any StatementShape) { self.object = object }

    /// Whether the two shapes are the same object or the same shape.
    package static func == (lhs: StatementShapeKey, rhs: StatementShapeKey) -> Bool {
        lhs.object === rhs.object || lhs.object.isSame(as: rhs.object)
    }

    /// Hashes the shape.
    package func hash(into hasher: inout Hasher) {
        object.hash(into: &hasher)
    }
}
