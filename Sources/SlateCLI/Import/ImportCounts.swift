/// What an import did with its records.
struct ImportCounts: Equatable {
    /// Records read from the input.
    var records = 0
    /// Rows the table gained.
    var inserted = 0
    /// Records whose key existed: skipped (`--ignore`), replacing a row (`--replace`) or
    /// updating one (`--upsert`). Counted as the records that did not add a row.
    var existing = 0
}
