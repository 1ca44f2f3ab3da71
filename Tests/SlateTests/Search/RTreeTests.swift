import Slate
import SlateTestSupport
import Testing

/// R*Tree virtual tables as SQLite.swift builds them: `VirtualTable.create(.RTree(id, (minX, maxX), …))`.
@Suite("R*Tree")
struct RTreeTests {
    let boxes = VirtualTable("boxes")
    let id = SQLExpression<Int64>("id")
    let minX = SQLExpression<Double>("minX")
    let maxX = SQLExpression<Double>("maxX")
    let minY = SQLExpression<Double>("minY")
    let maxY = SQLExpression<Double>("maxY")

    @Test func createAndQuery() throws {
        let sql = boxes.create(.RTree(id, (minX, maxX), (minY, maxY)))
        #expect(sql == #"CREATE VIRTUAL TABLE "boxes" USING rtree("id", "minX", "maxX", "minY", "maxY")"#)
        #expect(
            boxes.create(.RTree(id, (minX, maxX)), ifNotExists: true)
                == #"CREATE VIRTUAL TABLE IF NOT EXISTS "boxes" USING rtree("id", "minX", "maxX")"#)

        let db = try Connection()
        try db.run(sql)
        try db.run(boxes.insert(id <- 1, minX <- 0, maxX <- 10, minY <- 0, maxY <- 10))
        try db.run(boxes.insert(id <- 2, minX <- 20, maxX <- 30, minY <- 20, maxY <- 30))
        try db.run(boxes.insert(id <- 3, minX <- 5, maxX <- 25, minY <- 5, maxY <- 25))
        // The boxes overlapping the point (8, 8).
        let hits = boxes.select(id).filter(minX <= 8 && maxX >= 8 && minY <= 8 && maxY >= 8).order(id)
        #expect(try db.cursor(hits).map { try $0.get(id) } == [1, 3])
        #expect(try db.schema.columnDefinitions(table: "boxes").map(\.name) == ["id", "minX", "maxX", "minY", "maxY"])

        // A minimum above its maximum is a constraint violation; the table keeps its rows.
        expectSQLiteError(SQLITE_CONSTRAINT) {
            try db.run(boxes.insert(id <- 4, minX <- 9, maxX <- 1, minY <- 0, maxY <- 1))
        }
        #expect(try db.scalar(boxes.count) == 3)
        try db.run(boxes.drop())
        #expect(try db.schema.objectDefinitions(name: "boxes").isEmpty)
    }

    @Test func renameVirtualTable() throws {
        let db = try Connection()
        try db.run(boxes.create(.RTree(id, (minX, maxX))))
        #expect(boxes.rename(VirtualTable("areas")) == #"ALTER TABLE "boxes" RENAME TO "areas""#)
        try db.run(boxes.rename(VirtualTable("areas")))
        #expect(try db.schema.objectDefinitions(name: "areas", type: .table).count == 1)
    }
}
