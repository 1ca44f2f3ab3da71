// W2 through Slate's typed layer: typed expressions read from copied rows and in place.
import SlateSQLiteSwift  // the SQLite.swift spellings some contenders measure (db.prepare(table), row[column])

extension SlateDriver {
    /// W2 typed, as SQLite.swift reads: `for row in try db.prepare(items)` (a copied `Row` per
    /// row) and `row[c0]` with typed expressions.
    func readByExpressionCopied() throws -> Checksum {
        // Local names for the columns, as SQLite.swift's documentation declares them.
        let (c0, c1, c2, c3, c4) = (ItemExpressions.c0, ItemExpressions.c1, ItemExpressions.c2, ItemExpressions.c3, ItemExpressions.c4)
        let (c5, c6, c7, c8, c9) = (ItemExpressions.c5, ItemExpressions.c6, ItemExpressions.c7, ItemExpressions.c8, ItemExpressions.c9)
        var rows = 0
        var sum: Int64 = 0
        for row in try db.prepare(SlateItemsSchema.items) {
            sum &+= row[c0]
            sum &+= row[c1]
            sum &+= row[c2]
            sum &+= row[c3]
            sum &+= row[c4]
            sum &+= row[c5]
            sum &+= row[c6]
            sum &+= row[c7]
            sum &+= row[c8]
            sum &+= row[c9]
            rows += 1
        }
        return Checksum(rows: rows, sum: sum)
    }

    /// W2 typed, in place: `db.cursor(items)` and `try row.get(c0)` with typed expressions.
    func readByExpressionInPlace() throws -> Checksum {
        // Local names for the columns, as SQLite.swift's documentation declares them.
        let (c0, c1, c2, c3, c4) = (ItemExpressions.c0, ItemExpressions.c1, ItemExpressions.c2, ItemExpressions.c3, ItemExpressions.c4)
        let (c5, c6, c7, c8, c9) = (ItemExpressions.c5, ItemExpressions.c6, ItemExpressions.c7, ItemExpressions.c8, ItemExpressions.c9)
        let cursor = try db.cursor(SlateItemsSchema.items)
        var rows = 0
        var sum: Int64 = 0
        while let row = try cursor.next() {
            sum &+= try row.get(c0)
            sum &+= try row.get(c1)
            sum &+= try row.get(c2)
            sum &+= try row.get(c3)
            sum &+= try row.get(c4)
            sum &+= try row.get(c5)
            sum &+= try row.get(c6)
            sum &+= try row.get(c7)
            sum &+= try row.get(c8)
            sum &+= try row.get(c9)
            rows += 1
        }
        return Checksum(rows: rows, sum: sum)
    }
}

/// The `items` columns as typed expressions, declared once as an application declares them.
enum ItemExpressions {
    static let c0 = SQLExpression<Int64>("c0")
    static let c1 = SQLExpression<Int64>("c1")
    static let c2 = SQLExpression<Int64>("c2")
    static let c3 = SQLExpression<Int64>("c3")
    static let c4 = SQLExpression<Int64>("c4")
    static let c5 = SQLExpression<Int64>("c5")
    static let c6 = SQLExpression<Int64>("c6")
    static let c7 = SQLExpression<Int64>("c7")
    static let c8 = SQLExpression<Int64>("c8")
    static let c9 = SQLExpression<Int64>("c9")
}
