/// What `slate import` was asked to do with the records.
struct ImportSettings {
    var table: String
    var primaryKey: [String] = []
    /// `INSERT OR <conflict>`: `REPLACE` or `IGNORE`; `nil` fails on a conflict.
    var conflict: String?
    /// Upsert: `INSERT … ON CONFLICT (key) DO UPDATE SET` only the input's columns, on
    /// ``primaryKey`` (or the existing table's primary key when that is empty).
    var upsert = false
    var truncate = false
    var detectTypes = true
    var typeOverrides: [String: ColumnType] = [:]
    /// An unquoted empty CSV field is NULL (a quoted `""` is always the empty string).
    var emptyIsNull = true
    /// How many records decide the column types before the table is created.
    var sampleSize = 1_000
    /// The input has no header: into an existing table its fields go to the columns in order.
    var positional = false
}
