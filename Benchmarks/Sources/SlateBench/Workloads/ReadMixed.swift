/// W4: read every row of `mixed` (integer, short and long text, NULLs, real, blob, Bool, date)
/// into a struct.
struct ReadMixed: Workload {
    let id = "W4"
    let title = "read mixed rows (INTEGER, TEXT, TEXT with 20% NULL, REAL, BLOB, Bool, Date) into a struct"
    let measures = "Stepping a SELECT over `mixed` and building one `MixedRecord` per row (strings, an optional "
        + "string, Data, Bool and a Date parsed from Slate's date text), kept in an array; Codable and by hand."

    let slateGoal = 1.50

    func rowCount(quick: Bool) -> Int { quick ? 1_000 : 100_000 }

    func setUp(_ database: BenchmarkDatabase, rows: Int) throws {
        try database.ensureMixed(rows: rows)
    }

    func expectedChecksum(rows: Int) -> Checksum { MixedTable.checksum(rows: rows) }

    func contenders(_ drivers: Drivers, rows: Int) -> [Contender] {
        [
            Contender(library: .rawC, api: "sqlite3_column_* into the struct, date parsed by hand") {
                try drivers.rawC.readMixed()
            },
            Contender(library: .slate, api: "Cursor.decodeAll(MixedRecord.self)", body: {
                try drivers.slate.decodeMixed()
            }, grdbPeer: "FetchableRecord (Decodable) fetchAll"),
            Contender(library: .slate, api: "Cursor + RowView.get(_:as:) by hand", body: {
                try drivers.slate.readMixed()
            }, grdbPeer: "Row.fetchCursor + row[i] by hand"),
            Contender(library: .grdb, api: "FetchableRecord (Decodable) fetchAll") {
                try drivers.grdb.decodeMixed()
            },
            Contender(library: .grdb, api: "Row.fetchCursor + row[i] by hand") {
                try drivers.grdb.readMixed()
            },
        ]
    }
}
