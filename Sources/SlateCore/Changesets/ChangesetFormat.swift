import Foundation

/// A reader and writer of the changeset and patchset encoding, for what the session extension
/// cannot do by itself: keep only some tables' changes, reverse their order, and write an update
/// that it leaves out (``Writer``).
///
/// The encoding (SQLite's `sqlite3session.c`): a series of tables, each a header — `'T'` (changeset)
/// or `'P'` (patchset), the column count as a varint, one byte per column (0, or its position in the primary key), the
/// table's name ending in a NUL — followed by its changes: an operation byte (`SQLITE_INSERT`,
/// `SQLITE_DELETE`, `SQLITE_UPDATE`), an indirect flag byte, and records of values. A value is a
/// type byte (0 for none, 5 for `NULL`), then 8 bytes for an integer or a real, or a varint length
/// and the bytes of a text or blob. Every read is bounds-checked: malformed bytes throw.
enum ChangesetFormat {
    /// Keeps the tables whose names pass a test, each with all of its changes.
    ///
    /// - Parameters:
    ///   - data: A changeset or patchset.
    ///   - keep: Whether to keep a table's changes, given its name.
    /// - Returns: The kept tables' headers and changes, in order.
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) for malformed bytes.
    static func filter(_ data: Data, keep: (String) -> Bool) throws(SQLiteError) -> Data {
        try read(data) { (bytes) throws(SQLiteError) in
            var output = Data()
            try forEachTable(bytes, collectingChanges: false) { table, range, _ in
                if keep(table.name) { output.append(contentsOf: bytes[range]) }
            }
            return output
        }
    }

    /// The tables that have changes, each once, in order of first appearance: their names,
    /// column counts and primary keys, as the headers give them.
    ///
    /// - Parameter data: A changeset or patchset.
    /// - Returns: One header per table.
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) for malformed bytes.
    static func tables(_ data: Data) throws(SQLiteError) -> [Table] {
        try read(data) { (bytes) throws(SQLiteError) in
            var tables: [Table] = []
            try forEachTable(bytes, collectingChanges: false) { table, _, _ in
                if !tables.contains(where: { $0.nameKey == table.nameKey }) { tables.append(table) }
            }
            return tables
        }
    }

    /// The changes in reverse order: the tables in reverse order, and each table's changes.
    /// Undoing changes in the reverse of the order they were made passes through the same states,
    /// so the inverse of a changeset that applied applies too.
    ///
    /// - Parameter data: A changeset or patchset.
    /// - Returns: The same tables and changes, reversed.
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) for malformed bytes.
    static func reversed(_ data: Data) throws(SQLiteError) -> Data {
        try read(data) { (bytes) throws(SQLiteError) in
            var sections: [(header: Range<Int>, changes: [Range<Int>])] = []
            try forEachTable(bytes, collectingChanges: true) { _, range, changes in
                sections.append((range.lowerBound..<(changes.first?.lowerBound ?? range.upperBound), changes))
            }
            var output = Data(capacity: bytes.count)
            for section in sections.reversed() {
                output.append(contentsOf: bytes[section.header])
                for change in section.changes.reversed() { output.append(contentsOf: bytes[change]) }
            }
            return output
        }
    }

    /// Runs a body on the bytes in place: checking a large changeset must not copy it.
    private static func read<T>(_ data: Data, _ body: (UnsafeRawBufferPointer) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let result: Result<T, SQLiteError> = data.withUnsafeBytes { bytes in
            do throws(SQLiteError) {
                return .success(try body(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads the bytes table by table, checking each, and calls `body` with each table's header,
    /// the range of its header and changes, and (when collecting them) the range of each change.
    private static func forEachTable(
        _ bytes: UnsafeRawBufferPointer, collectingChanges: Bool,
        _ body: (Table, Range<Int>, [Range<Int>]) throws(SQLiteError) -> Void
    ) throws(SQLiteError) {
        var reader = Reader(bytes: bytes)
        let marker = bytes.first
        // A table may come back (two changesets in a row are one), but with the same columns:
        // sqlite3changeset_apply checks a table's columns only when the name changes, and 3.40
        // dereferences a NULL value when a later header moves the key.
        var headers: [[UInt8]: [UInt8]] = [:]
        while !reader.isAtEnd {
            let start = reader.offset
            guard bytes[start] == marker else { throw Reader.malformed }
            let table = try reader.tableHeader()
            if let flags = headers[table.nameKey], flags != table.flags { throw Reader.malformed }
            headers[table.nameKey] = table.flags
            var changes: [Range<Int>] = []
            while !reader.isAtEnd, bytes[reader.offset] != UInt8(ascii: "T"), bytes[reader.offset] != UInt8(ascii: "P") {
                let change = reader.offset
                try reader.change(table)
                if collectingChanges { changes.append(change..<reader.offset) }
            }
            try body(table, start..<reader.offset, changes)
        }
    }

    /// Checks the structure of the bytes before SQLite reads them: every length within bounds,
    /// every type and operation byte known, one kind (changeset or patchset) throughout, every
    /// key value present and neither NULL nor NaN, and a table that comes back with the same
    /// columns and key.
    ///
    /// SQLite's own reader trusts more than it should: SQLite 3.40's `sqlite3changeset_next`
    /// loops forever on some malformed bytes, `sqlite3changegroup_add` reads past the end of
    /// bytes with a NULL key value, and `sqlite3changeset_apply` dereferences NULL when a table
    /// comes back with its key elsewhere (the last two found by the `Changesets` fuzz target).
    /// Every entry point of ``Changeset`` and ``Connection/apply(_:tables:columns:onConflict:)`` checks
    /// here first.
    ///
    /// - Parameters:
    ///   - data: A changeset or patchset.
    ///   - context: What was being done, for the error.
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) for malformed bytes.
    static func validate(_ data: Data, _ context: String) throws(SQLiteError) {
        do throws(SQLiteError) {
            _ = try filter(data) { _ in false }
        } catch {
            throw Changeset.corrupt(SQLITE_CORRUPT, context)
        }
    }

    /// A table header's contents.
    struct Table {
        let name: String
        /// The name's bytes with ASCII letters lowercased, as SQLite compares table names.
        let nameKey: [UInt8]
        /// The header's byte per column: 0, or the column's position in the primary key.
        let flags: [UInt8]
        let isPatchset: Bool
        let primaryKey: [Bool]
    }

    /// A bounds-checked cursor over the bytes.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset >= bytes.count }

        static let malformed = Changeset.corrupt(SQLITE_CORRUPT, "cannot filter the changeset")

        mutating func byte() throws(SQLiteError) -> UInt8 {
            guard offset < bytes.count else { throw Self.malformed }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func skip(_ count: Int) throws(SQLiteError) {
            guard count >= 0, count <= bytes.count - offset else { throw Self.malformed }
            offset += count
        }

        /// SQLite's varint: 7 bits a byte, most significant first, the ninth byte whole.
        mutating func varint() throws(SQLiteError) -> Int {
            var value: UInt64 = 0
            for index in 0..<9 {
                let next = try byte()
                if index == 8 { return Int(truncatingIfNeeded: value << 8 | UInt64(next)) }
                value = value << 7 | UInt64(next & 0x7f)
                if next & 0x80 == 0 { break }
            }
            guard value <= UInt64(Int32.max) else { throw Self.malformed }
            return Int(value)
        }

        mutating func tableHeader() throws(SQLiteError) -> Table {
            let marker = try byte()
            guard marker == UInt8(ascii: "T") || marker == UInt8(ascii: "P") else { throw Self.malformed }
            let columns = try varint()
            guard columns > 0, columns <= 32767, columns <= bytes.count - offset else { throw Self.malformed }
            let flags = bytes[offset..<offset + columns]
            // 0 for a column outside the key, else its position in the key (1, 2, …).
            guard flags.contains(where: { $0 != 0 }) else { throw Self.malformed }
            let primaryKey = flags.map { $0 != 0 }
            offset += columns
            guard let end = bytes[offset...].firstIndex(of: 0) else { throw Self.malformed }
            guard end > offset else { throw Self.malformed }
            let name = String(decoding: bytes[offset..<end], as: UTF8.self)
            let nameKey = bytes[offset..<end].map { (65...90).contains($0) ? $0 + 32 : $0 }
            offset = end + 1
            return Table(
                name: name, nameKey: nameKey, flags: Array(flags), isPatchset: marker == UInt8(ascii: "P"),
                primaryKey: primaryKey)
        }

        mutating func change(_ table: Table) throws(SQLiteError) {
            let operation = Int32(try byte())
            guard try byte() <= 1 else { throw Self.malformed }  // the indirect flag
            // The record that identifies the row must hold every key value, and none NULL:
            // SQLite 3.40's sqlite3changegroup_add hashes a key value of another type as text,
            // reading a length from the bytes after it, past the end of the buffer.
            let key = table.primaryKey
            let keyOnly = [Bool](repeating: true, count: key.filter { $0 }.count)
            switch (operation, table.isPatchset) {
            case (SQLITE_INSERT, _), (SQLITE_DELETE, false): try values(key)
            case (SQLITE_DELETE, true): try values(keyOnly)
            case (SQLITE_UPDATE, false):
                try values(key)
                // A key never changes in an update (that is a delete and an insert): its new
                // values are left out. SQLite's apply fails with a bare SQLITE_ERROR otherwise.
                try values(key.map { _ in false }, leftOut: key)
            case (SQLITE_UPDATE, true): try values(key)
            default: throw Self.malformed
            }
        }

        /// A record: one value per column; where `required` is true, an integer, a real other
        /// than NaN, a text or a blob (not undefined, not NULL). SQLite never stores a NaN, and
        /// inverting turns one into a NULL: a NaN key would become a NULL key. Where `leftOut` is
        /// true, the value must be left out (undefined).
        mutating func values(_ required: [Bool], leftOut: [Bool] = []) throws(SQLiteError) {
            for (column, isRequired) in required.enumerated() {
                let type = try byte()
                if isRequired, !(1...4).contains(type) { throw Self.malformed }
                if column < leftOut.count, leftOut[column], type != 0 { throw Self.malformed }
                if isRequired, type == 2, offset + 8 <= bytes.count {
                    let bits = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
                    if Double(bitPattern: bits).isNaN { throw Self.malformed }
                }
                switch type {
                case 0, 5: break
                case 1, 2: try skip(8)
                case 3, 4: try skip(try varint())
                default: throw Self.malformed
                }
            }
        }
    }
}
