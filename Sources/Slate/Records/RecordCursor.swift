/// Records read one at a time from a query's rows, for results too large to hold at once.
///
/// ```swift
/// let cursor = try Player.all().fetchCursor(db)
/// while let player = try cursor.next() {
///     print(player.name)
/// }
/// ```
///
/// Each record is read in place from SQLite's current row; the cursor holds its own statement,
/// so it may be kept while the connection runs other queries.
public final class RecordCursor<Record: TableRecord> {
    /// The statement whose rows are read.
    public let statement: Statement
    /// The reader, made at the first row (when SQLite has recompiled a statement whose schema
    /// changed).
    private var reader: RecordReader?
    /// Whether the rows are exhausted (or a step failed).
    private var ended = false

    init(statement: Statement) {
        self.statement = statement
    }

    /// Reads the next record.
    ///
    /// - Returns: The record, or `nil` once the rows are exhausted.
    /// - Throws: `SQLiteError` when stepping fails or the row does not read (naming the
    ///   column and the type); after a failed step the cursor ends.
    public func next() throws(SQLiteError) -> Record? {
        guard !ended else { return nil }
        let stepped: Bool
        do {
            stepped = try statement.step()
        } catch {
            ended = true
            throw error
        }
        guard stepped else {
            ended = true
            return nil
        }
        let current = reader ?? RecordReader(positionalStatement: statement)
        reader = current
        return try Record(reading: current)
    }

    /// Calls `body` with each remaining record.
    ///
    /// - Parameter body: Receives each record.
    /// - Throws: `SQLiteError` from stepping or reading, or `body`'s error.
    public func forEach(_ body: (Record) throws -> Void) throws {
        while let record = try next() { try body(record) }
    }
}

extension RecordReader {
    /// Reads every row of a statement that selects a record's columns first, in order.
    ///
    /// Inlinable, so that the loop and the array are specialized for the record where it is
    /// called, and the generated initializer is called directly.
    @inlinable
    static func readAll<Record: TableRecord>(_ type: Record.Type, from statement: Statement) throws(SQLiteError) -> [Record] {
        do {
            guard try statement.step() else { return [] }
            // Made after the first step, for its column count (see `Cursor.next()`).
            let reader = RecordReader(positionalStatement: statement)
            var records: [Record] = []
            repeat {
                records.append(try Record(reading: reader))
            } while try statement.step()
            return records
        } catch {
            // A row that does not read leaves the statement mid-run: reset it, so that it holds
            // no read transaction open.
            try? statement.reset()
            throw error
        }
    }

    /// Reads the first row of a statement that selects a record's columns first, then resets it.
    @inlinable
    static func readFirst<Record: TableRecord>(_ type: Record.Type, from statement: Statement) throws(SQLiteError) -> Record? {
        defer { try? statement.reset() }
        guard try statement.step() else { return nil }
        let reader = RecordReader(positionalStatement: statement)
        return try Record(reading: reader)
    }
}
