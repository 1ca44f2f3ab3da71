import Foundation

extension ChangesetFormat {
    /// Writes changes in the changeset encoding (see ``ChangesetFormat``), for what a session
    /// cannot record: an update that only changes the sign of a zero, which the session
    /// extension compares with `==` and leaves out.
    struct Writer {
        /// The bytes written so far.
        private(set) var data = Data()

        /// Starts a table's changes: its header.
        ///
        /// - Parameters:
        ///   - name: The table's name.
        ///   - keyPositions: One entry per column: 0, or its position in the primary key (1, 2, …),
        ///     as the session extension writes them.
        mutating func table(_ name: String, keyPositions: [Int]) {
            data.append(UInt8(ascii: "T"))
            varint(keyPositions.count)
            data.append(contentsOf: keyPositions.map { UInt8(clamping: $0) })
            data.append(contentsOf: Array(name.utf8))
            data.append(0)
        }

        /// An update of the current table's row: `old` holds the key's values and the changed
        /// columns' old values, `new` the changed columns' new values; `nil` for a column the
        /// record leaves out.
        mutating func update(old: [SQLiteValue?], new: [SQLiteValue?]) {
            data.append(UInt8(SQLITE_UPDATE))
            data.append(0)  // not indirect
            for value in old { self.value(value) }
            for value in new { self.value(value) }
        }

        /// A value: its type byte, then 8 big-endian bytes for an integer or a real, or a varint
        /// length and the bytes of a text or blob; a lone 0 for a value left out.
        private mutating func value(_ value: SQLiteValue?) {
            switch value {
            case nil:
                data.append(0)
            case .int(let integer)?:
                data.append(1)
                bigEndian(UInt64(bitPattern: integer))
            case .real(let real)?:
                data.append(2)
                bigEndian(real.bitPattern)
            case .text(let text)?:
                data.append(3)
                varint(text.utf8.count)
                data.append(contentsOf: Array(text.utf8))
            case .blob(let blob)?:
                data.append(4)
                varint(blob.count)
                data.append(blob)
            case .null?:
                data.append(5)
            }
        }

        private mutating func bigEndian(_ value: UInt64) {
            for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }

        /// SQLite's varint, for lengths and counts (at most `Int32.max`): 7 bits a byte, most
        /// significant first, the high bit set on every byte but the last.
        private mutating func varint(_ value: Int) {
            var groups = [UInt8(value & 0x7f)]
            var rest = value >> 7
            while rest > 0 {
                groups.append(UInt8(rest & 0x7f) | 0x80)
                rest >>= 7
            }
            data.append(contentsOf: groups.reversed())
        }
    }
}
