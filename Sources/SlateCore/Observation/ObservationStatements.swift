/// The statements that observation fetches compiled on one connection, kept so that the next
/// fetch on that connection steps them again instead of compiling the same SQL afresh.
///
/// An observation runs the same fetch after every commit that touches its region, and a fetch
/// written with raw SQL (`db.scalar(…, "SELECT …")`, `db.prepare(sql:)`) compiles its statements
/// each time: a third of the work of a small refetch (W9 in `Benchmarks/PROFILE.md`). While a fetch
/// runs, ``Connection/prepare(sql:options:)`` takes its statements from here.
///
/// A kept statement is handed out only when nothing but this cache holds it and it is not
/// running, so two statements the fetch holds at once are never one, and a statement the fetch
/// kept somewhere is never rebound under it. None is left stepped after the fetch: the access it
/// runs in resets whatever statement is still running when it ends.
final class ObservationStatements {
    private final class Entry {
        var statement: Statement
        init(_ statement: Statement) { self.statement = statement }
    }

    /// At most this many texts are kept per connection; SQL whose text changes with every fetch
    /// (values spliced in) would otherwise grow the cache without bound.
    static let capacity = 64

    private var entries: [SQLText: Entry] = [:]

    /// A kept statement for `sql`, reset and with its bindings cleared, if one is free.
    func take(_ sql: String) -> Statement? {
        guard let entry = entries[SQLText(sql)], isKnownUniquelyReferenced(&entry.statement),
            !entry.statement.isBusy
        else { return nil }
        let statement = entry.statement
        statement.resetIfStepped()
        sqlite3_clear_bindings(statement.handle)
        return statement
    }

    /// Keeps a statement the fetch compiled, unless one is kept for its text already.
    func keep(_ statement: Statement, for sql: String) {
        let key = SQLText(sql)
        guard entries[key] == nil else { return }
        if entries.count >= Self.capacity { entries.removeAll() }
        entries[key] = Entry(statement)
    }

    /// How many statements are kept (for tests).
    var count: Int { entries.count }
}
