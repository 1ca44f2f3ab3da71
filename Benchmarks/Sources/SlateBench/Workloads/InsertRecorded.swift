/// W5S (issue 24): W5's insert into a table with a primary key, without and with a `Session`
/// recording it: what recording changes costs. SQLite's session extension records only tables
/// with a primary key, so W5's `items_insert` (no key) cannot be recorded; `items_keyed` adds an
/// `id INTEGER PRIMARY KEY`, bound in order, to the same ten columns.
struct InsertRecorded: Workload {
    let id = "W5S"
    let title = "insert rows, a key and 10 INTEGER columns, one transaction, without and with a Session recording"
    let measures = "W5's prepared insert (11 binds a row: the key and the ten columns) into `items_keyed`: raw C "
        + "without and with a session of SQLite's session extension recording it, then Slate without a session, with a "
        + "`Session` on the table recording every insert, and with its changeset made after the commit (issue 24's goal: "
        + "recording ≤ 1.5× the unrecorded insert)."

    let slateGoal = 1.15

    func rowCount(quick: Bool) -> Int { quick ? 1_000 : 50_000 }

    func setUp(_ database: BenchmarkDatabase, rows: Int) throws {
        try database.fixture.execute("DROP TABLE IF EXISTS \(ItemsTable.keyedName)")
        try database.fixture.execute(ItemsTable.keyedCreateSQL)
    }

    func expectedChecksum(rows: Int) -> Checksum { ItemsTable.checksum(rows: rows) }

    func contenders(_ drivers: Drivers, rows: Int) -> [Contender] {
        let (empty, readBack) = InsertPrepared.emptyAndReadBack(drivers.fixture, ItemsTable.keyedName, ItemsTable.verifyKeyedSQL)
        return [
            Contender(library: .rawC, api: "keyed, no session: sqlite3_bind_int64 + sqlite3_step + sqlite3_reset",
                      prepare: empty, body: { try drivers.rawC.insertKeyed(rows: rows) }, verify: readBack),
            // The same C loop with SQLite's session extension recording: the cost of recording
            // itself, which Slate's contenders cannot go below.
            Contender(library: .rawC, api: "keyed, Session recording: sqlite3session_create + attach, then the same C loop",
                      prepare: empty, body: { try drivers.rawC.insertKeyedRecorded(rows: rows) }, verify: readBack),
            Contender(library: .slate, api: "keyed, no session: Statement.bind(_:at:) + step() + reset()",
                      prepare: empty, body: { try drivers.slate.insertKeyed(rows: rows, recording: false, makeChangeset: false) },
                      verify: readBack),
            Contender(library: .slate, api: "keyed, Session recording: Statement.bind(_:at:) + step() + reset()",
                      prepare: empty, body: { try drivers.slate.insertKeyed(rows: rows, recording: true, makeChangeset: false) },
                      verify: readBack, goal: 1.5),
            Contender(library: .slate, api: "keyed, Session recording + session.changeset() after the commit",
                      prepare: empty, body: { try drivers.slate.insertKeyed(rows: rows, recording: true, makeChangeset: true) },
                      verify: readBack, goal: 1.5),
        ]
    }
}
