/// A set of tables and columns: what a fetch read, or what a transaction wrote.
///
/// Tables are keyed by `database.table`, lowercased (SQLite names are case-insensitive). A table
/// with `.all` columns stands for every column and every row: a `count(*)`, an INSERT or a DELETE.
struct DatabaseRegion: Sendable {
    /// The columns of one table in a region.
    enum Columns: Sendable {
        case all
        case only(Set<String>)
    }

    /// Every table, including ones not named (schema changes, pragmas, statements that could not
    /// be analysed): intersects any non-empty region.
    private(set) var isFullDatabase = false
    private(set) var tables: [String: Columns] = [:]

    /// The region that intersects every non-empty region.
    static var fullDatabase: DatabaseRegion {
        var region = DatabaseRegion()
        region.isFullDatabase = true
        return region
    }

    var isEmpty: Bool { !isFullDatabase && tables.isEmpty }

    static func key(database: String, table: String) -> String {
        (database.isEmpty ? "main" : database).lowercased() + "." + table.lowercased()
    }

    func contains(table key: String) -> Bool { isFullDatabase || tables[key] != nil }

    /// Adds a column of a table, or the whole table when `column` is `nil`.
    mutating func insert(table key: String, column: String?) {
        guard let column else {
            tables[key] = .all
            return
        }
        switch tables[key] {
        case .all: return
        case .only(var columns):
            columns.insert(column.lowercased())
            tables[key] = .only(columns)
        case nil:
            tables[key] = .only([column.lowercased()])
        }
    }

    mutating func formUnion(_ other: DatabaseRegion) {
        if other.isFullDatabase { isFullDatabase = true }
        // The common case, a fetch of one statement: its region as it is.
        if tables.isEmpty { return tables = other.tables }
        for (key, columns) in other.tables {
            switch (tables[key], columns) {
            case (.all, _): continue
            case (nil, _), (_, .all): tables[key] = columns
            // Both sides' names are lowercased already.
            case (.only(let mine), .only(let theirs)): tables[key] = .only(mine.union(theirs))
            }
        }
    }

    /// Whether a change to `self` can change what `other` describes.
    func intersects(_ other: DatabaseRegion) -> Bool {
        if isEmpty || other.isEmpty { return false }
        if isFullDatabase || other.isFullDatabase { return true }
        for (key, columns) in tables {
            guard let otherColumns = other.tables[key] else { continue }
            switch (columns, otherColumns) {
            case (.all, _), (_, .all): return true
            case (.only(let mine), .only(let theirs)): if !mine.isDisjoint(with: theirs) { return true }
            }
        }
        return false
    }
}
