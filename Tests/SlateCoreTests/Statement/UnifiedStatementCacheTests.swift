import Foundation
@testable import SlateCore
import SlateCoreTestSupport
import Testing

/// The connection's one statement cache (`StatementCache`): SQL text, a layer's type and kind,
/// a layer's shape and released compiled forms share one bound and one least-recently-used
/// eviction, the last hit is found first, and keys of different kinds never match.
@Suite("Statements: one cache for every kind of key")
struct UnifiedStatementCacheTests {
    /// A layer's shape for the tests: equal when the names are equal, with one hash for all, so
    /// that every shape lands in the same bucket and only `isSame` tells them apart.
    final class NameShape: StatementShape {
        let name: String
        init(_ name: String) { self.name = name }
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
        func isSame(as other: any StatementShape) -> Bool { (other as? NameShape)?.name == name }
    }

    static func shape(_ name: String) -> StatementCacheKey { .shape(StatementShapeKey(NameShape(name))) }

    static func found(_ lookup: StatementCache.Lookup) -> Statement? {
        if case .found(let statement) = lookup { return statement }
        return nil
    }

    @Test("keys of different kinds never find each other's statements", .enabled(if: LinkedSQLite.reusesStatements, "this SQLite stamps no schema (sqlite3_db_name, 3.39): nothing released is kept"))
    func keysOfDifferentKindsDoNotCollide() throws {
        let db = try Connection()
        let cache = StatementCache(capacity: 10)
        let text = SQLText("SELECT 1")
        let bySQL = try db.prepare(sql: "SELECT 1")
        let byType = try db.prepare(sql: "SELECT 1")
        let byOtherKind = try db.prepare(sql: "SELECT 1")
        let byShape = try db.prepare(sql: "SELECT 1")
        cache.keep(bySQL, for: .sql(text))
        cache.keep(byType, for: .typed(ObjectIdentifier(Int.self), kind: 0))
        cache.keep(byOtherKind, for: .typed(ObjectIdentifier(Int.self), kind: 1))
        cache.keep(byShape, for: Self.shape("a"))
        #expect(cache.count == 4)
        #expect(Self.found(cache.lookup(.sql(text))) === bySQL)
        #expect(Self.found(cache.lookup(type: ObjectIdentifier(Int.self), kind: 0)) === byType)
        #expect(Self.found(cache.lookup(type: ObjectIdentifier(Int.self), kind: 1)) === byOtherKind)
        #expect(Self.found(cache.lookup(Self.shape("a"))) === byShape)
        // The same text as a released compiled form, another type, another shape: all missing.
        #expect(cache.takeReleased(text, stamp: try Self.stamp(db)) == nil)
        #expect(Self.found(cache.lookup(type: ObjectIdentifier(String.self), kind: 0)) == nil)
        #expect(Self.found(cache.lookup(Self.shape("b"))) == nil)
        #expect(Self.found(cache.lookup(.sql(SQLText("SELECT 1 ")))) == nil)
    }

    @Test("the least recently used entry leaves first, whatever its kind", .enabled(if: LinkedSQLite.reusesStatements, "this SQLite stamps no schema (sqlite3_db_name, 3.39): nothing released is kept"))
    func evictionIsOnePolicyForEveryKind() throws {
        let db = try Connection()
        let cache = StatementCache(capacity: 3)
        let a = try db.prepare(sql: "SELECT 'a'")
        let b = try db.prepare(sql: "SELECT 'b'")
        let c = try db.prepare(sql: "SELECT 'c'")
        cache.keep(a, for: .sql(SQLText("SELECT 'a'")))
        cache.keep(b, for: .typed(ObjectIdentifier(Int.self), kind: 0))
        cache.keep(c, for: Self.shape("c"))
        // Using `a` makes the record statement `b` the least recently used.
        #expect(Self.found(cache.lookup(.sql(SQLText("SELECT 'a'")))) === a)
        let d = try db.prepare(sql: "SELECT 'd'")
        cache.keep(d, for: Self.shape("d"))
        #expect(cache.count == 3)
        #expect(Self.found(cache.lookup(type: ObjectIdentifier(Int.self), kind: 0)) == nil)
        #expect(Self.found(cache.lookup(.sql(SQLText("SELECT 'a'")))) === a)
        #expect(Self.found(cache.lookup(Self.shape("c"))) === c)
        #expect(Self.found(cache.lookup(Self.shape("d"))) === d)
        // Released compiled forms count against the same bound and evict the oldest too.
        #expect(cache.keepReleased(try Self.compiled(db, "SELECT 'e'"), for: SQLText("SELECT 'e'"), stamp: try Self.stamp(db)))
        #expect(cache.count == 3)
        #expect(cache.releasedCount == 1)
        #expect(Self.found(cache.lookup(.sql(SQLText("SELECT 'a'")))) == nil)
        // Lowering the capacity evicts at once; zero keeps nothing.
        cache.capacity = 1
        #expect(cache.count == 1)
        cache.capacity = 0
        #expect(cache.count == 0)
        cache.keep(a, for: .sql(SQLText("SELECT 'a'")))
        #expect(cache.count == 0)
    }

    @Test("the last hit is found first, and a busy statement is not handed out")
    func lastHitFastPath() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)")
        let cache = StatementCache(capacity: 4)
        let select = try db.prepare(sql: "SELECT x FROM t")
        let shaped = try db.prepare(sql: "SELECT x FROM t")
        cache.keep(select, for: .typed(ObjectIdentifier(Int.self), kind: 7))
        cache.keep(shaped, for: Self.shape("s"))
        // The shape kept last is the last hit: a layer compares its own shape with it.
        #expect(cache.lastShape(NameShape.self)?.name == "s")
        #expect(Self.found(cache.useLast()) === shaped)
        #expect(Self.found(cache.lookup(type: ObjectIdentifier(Int.self), kind: 7)) === select)
        #expect(cache.lastShape(NameShape.self) == nil)  // the last hit is the typed key now
        // Stepped and left unreset, it is reset as it is handed out again.
        #expect(try select.step())
        #expect(select.isBusy)
        let again = Self.found(cache.lookup(type: ObjectIdentifier(Int.self), kind: 7))
        #expect(again == nil)  // busy: the caller's own loop is using it
        if case .busy = cache.lookup(type: ObjectIdentifier(Int.self), kind: 7) {} else { Issue.record("not busy") }
        try select.reset()
        #expect(Self.found(cache.lookup(type: ObjectIdentifier(Int.self), kind: 7)) === select)
        // Run to its end without a reset: handed out reset.
        while try select.step() {}
        #expect(Self.found(cache.lookup(type: ObjectIdentifier(Int.self), kind: 7)) === select)
        #expect(try select.step())
    }

    @Test("a released compiled form is handed out once, and only under the schema it was compiled under", .enabled(if: LinkedSQLite.reusesStatements, "this SQLite stamps no schema (sqlite3_db_name, 3.39): nothing released is kept"))
    func releasedFormsFollowTheSchemaStamp() throws {
        let db = try Connection()
        let cache = StatementCache(capacity: 4)
        let text = SQLText("SELECT 2")
        let before = try Self.stamp(db)
        #expect(cache.keepReleased(try Self.compiled(db, "SELECT 2"), for: text, stamp: before))
        // One per text.
        let second = try Self.compiled(db, "SELECT 2")
        #expect(!cache.keepReleased(second, for: text, stamp: before))
        sqlite3_finalize(second)
        // After a schema change: not handed out, and finalized (gone from the cache).
        try db.execute(sql: "CREATE TABLE t (x)")
        let after = try Self.stamp(db)
        #expect(after != before)
        #expect(cache.takeReleased(text, stamp: after) == nil)
        #expect(cache.releasedCount == 0)
        let third = try Self.compiled(db, "SELECT 2")
        #expect(cache.keepReleased(third, for: text, stamp: after))
        #expect(cache.takeReleased(text, stamp: after) == third)
        #expect(cache.takeReleased(text, stamp: after) == nil)
        sqlite3_finalize(third)
    }

    @Test("clearStatementCache empties the one cache; the connection still works")
    func clearingEmptiesEveryKind() throws {
        let db = try Connection()
        _ = try db.cachedStatement(sql: "SELECT 1")
        db.statementCache.keep(try db.prepare(sql: "SELECT 2"), for: .typed(ObjectIdentifier(Int.self), kind: 0))
        #expect(db.cachedStatementCount == 2)
        db.clearStatementCache()
        #expect(db.cachedStatementCount == 0)
        #expect(try db.cachedStatement(sql: "SELECT 1").step())
    }

    /// The connection's current schema stamp.
    static func stamp(_ db: Connection) throws -> RecycledStatements.SchemaStamp {
        let handle = try db.checkedHandle()
        let prepared = db.connectionHandle.recycledStatements.prepareVersionReads(on: handle)
        #expect(prepared)
        let stamp = db.connectionHandle.recycledStatements.stamp(on: handle)
        return try #require(stamp)
    }

    /// A compiled statement's handle, as a released `Statement` leaves it.
    static func compiled(_ db: Connection, _ sql: String) throws -> OpaquePointer {
        var handle: OpaquePointer?
        guard sqlite3_prepare_v2(try db.checkedHandle(), sql, -1, &handle, nil) == SQLITE_OK, let handle else {
            throw SQLiteError(code: SQLITE_ERROR, details: "cannot compile \(sql)")
        }
        return handle
    }
}
