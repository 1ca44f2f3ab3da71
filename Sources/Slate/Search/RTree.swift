// R*Tree spatial indexes (https://sqlite.org/rtree.html).

extension Module {
    /// An R*Tree table: an integer id and one (minimum, maximum) pair per dimension.
    ///
    /// ```swift
    /// try db.run(boxes.create(.RTree(id, (minX, maxX), (minY, maxY))))
    /// // CREATE VIRTUAL TABLE "boxes" USING rtree("id", "minX", "maxX", "minY", "maxY")
    /// ```
    ///
    /// - Parameters:
    ///   - primaryKey: The integer id column.
    ///   - pairs: The coordinate columns, one pair per dimension (1 to 5).
    /// - Returns: The module.
    public static func RTree<T: Value, U: Value>(
        _ primaryKey: SQLExpression<T>, _ pairs: (SQLExpression<U>, SQLExpression<U>)...
    ) -> Module where T.Datatype: FixedWidthInteger, U.Datatype: BinaryFloatingPoint {
        var arguments: [any Expressible] = [primaryKey]
        for (minimum, maximum) in pairs {
            arguments += [minimum, maximum] as [any Expressible]
        }
        return Module(name: "rtree", arguments: arguments)
    }
}
