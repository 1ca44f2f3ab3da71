import Foundation

/// Decodes a `Decodable` value from a row (a copied ``Row`` or a cursor's current row): each key
/// of its keyed container is a column.
///
/// The decoder is a final class, so the `any Decoder` a type's `init(from:)` receives holds it
/// inline (no box per row), and a cursor decodes all its rows with one decoder:
/// `Cursor.decodeAll(_:userInfo:)` decodes each row with ``decodeRow(_:)`` and gets back
/// the `KeyedDecodingContainer` it made for the first row (``reusesContainers``), so a row
/// allocates nothing and builds no container (a box and two generic types' metadata each).
///
/// Columns are found by key through a *plan*: the n-th key a row asks for is remembered with its
/// column, and later rows only check that their n-th key is spelled the same (a string
/// comparison, which for names of up to 15 UTF-8 bytes compares two words) before reusing the
/// column. A key that differs, or the first row, goes through the layout's lookup: the column at
/// the key's position when it has exactly that name (properties declared in column order), then
/// ``ColumnLayout/index(of:)``. The plan is only an answer cache of that lookup, so it stays
/// right whatever order or types the keys come in (custom `init(from:)`, several containers).
///
/// A row with exactly one column also decodes as a single value (`let n: Int = try row.decode()`).
@usableFromInline
final class RowDecoder: Decoder {
    /// Where the values come from: the statement's current row (read in place) or a ``Row``
    /// (changed per row by a decoder reused for a query's rows, kept in the layout's `decoderSlot`).
    var source: RowSource
    /// The statement whose handle ``source`` reads, kept alive by the decoder.
    private let statement: Statement?
    /// The column names and their lookup table (changed per row by a reused decoder).
    var layout: ColumnLayout
    @usableFromInline let userInfo: [CodingUserInfoKey: Any]
    @usableFromInline var codingPath: [any CodingKey] { [] }

    /// Whether ``container(keyedBy:)`` hands out the container it made before for the same key
    /// type, instead of a new one. Only decoders that decode many rows (a cursor's) do, and they
    /// call ``finish()`` at the end to drop the cached container, which refers back to them.
    private let reusesContainers: Bool
    /// Whether key lookups are remembered for later rows (only worth it for many rows).
    private let recordsPlan: Bool

    // The plan and the containers are not checked for exclusivity at run time: a decoder is used
    // by one thread at a time, like its statement, and no access to them overlaps another (none
    // is passed `inout` across a call that could reach the decoder again).

    /// How many keys the current row has looked up: the plan slot of the next one.
    private var position = 0
    /// The n-th key looked up by the first row(s), and its column (`-1`: no such column).
    /// Unchecked: the checks of planKeys and planColumns cost 1,520 instructions per row on W3 `decodeAll` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var planKeys: [String] = []
    @exclusivity(unchecked) private var planColumns: [Int] = []

    /// The containers made for the first rows, handed out again (``reusesContainers``).
    /// Unchecked: its check costs 117 instructions per row on W3 and W4 `decodeAll` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var containers = KeyedContainerCache()

    /// A decoder over a copied row, for one value.
    init(row: Row, userInfo: [CodingUserInfoKey: Any]) {
        source = RowSource(values: row.values)
        statement = nil
        layout = row.layout
        self.userInfo = userInfo
        reusesContainers = false
        recordsPlan = false
    }

    /// A decoder over a statement's current row, read in place.
    ///
    /// - Parameter reusable: Whether the decoder decodes many rows (see ``decodeRow(_:)`` and
    ///   ``finish()``).
    @usableFromInline
    init(statement: Statement, userInfo: [CodingUserInfoKey: Any], reusable: Bool) {
        source = RowSource(handle: statement.handle)
        self.statement = statement
        layout = statement.columnLayout
        self.userInfo = userInfo
        reusesContainers = reusable
        recordsPlan = reusable
    }

    /// Decodes the statement's current row as a new row: key lookups start again at the plan's
    /// first slot.
    /// A decoder reused for the copied rows of one layout (kept in the layout's `decoderSlot`): it keeps its
    /// container and its plan of key → column from row to row, as a cursor's decoder does.
    init(reusableFor layout: ColumnLayout) {
        source = RowSource(values: [])
        statement = nil
        self.layout = layout
        userInfo = [:]
        reusesContainers = true
        recordsPlan = true
    }

    /// Decodes one copied row with a reused decoder, then lets go of the row's values and
    /// layout (the layout owns the slot that owns this decoder: keeping it would be a cycle).
    func decodeRow<T: Decodable>(_ type: T.Type, from row: Row) throws -> T {
        layout = row.layout
        source = RowSource(values: row.values)
        position = 0
        defer {
            source = RowSource(values: [])
            layout = Self.parkedLayout
        }
        return try T(from: self)
    }

    @usableFromInline
    func decodeRow<T: Decodable>(_ type: T.Type) throws -> T {
        position = 0
        return try T(from: self)
    }

    /// The layout a parked decoder points at, so that it holds no query's layout.
    static let parkedLayout = ColumnLayout(names: [])

    /// Drops the cached containers (which refer to the decoder: dropping them breaks the cycle).
    @usableFromInline
    func finish() {
        containers.removeAll()
    }

    /// The number of columns.
    var count: Int { statement == nil ? source.values.count : layout.names.count }

    @usableFromInline
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard reusesContainers else { return KeyedDecodingContainer(RowDecodingContainer<Key>(decoder: self)) }
        return containers.container(keyedBy: Key.self) {
            KeyedDecodingContainer(RowDecodingContainer<Key>(decoder: self))
        }
    }

    @usableFromInline
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            DecodingError.Context(
                codingPath: [],
                debugDescription: "a row decodes as a keyed container (a struct or class with one property per "
                    + "column), not as an unkeyed container (a list); the columns are "
                    + layout.names.joined(separator: ", ")))
    }

    @usableFromInline
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard count == 1 else {
            throw DecodingError.typeMismatch(
                Any.self,
                DecodingError.Context(
                    codingPath: [],
                    debugDescription: "a row decodes as a single value only when it has exactly one column; "
                        + "this row has \(count): " + layout.names.joined(separator: ", ")))
        }
        return ColumnValueDecodingContainer(
            value: source.value(at: 0), column: layout.names[0], codingPath: [], userInfo: userInfo)
    }

    // MARK: Key lookup

    /// The column of a key, or `nil` when the row has none (see the type's documentation).
    @inline(__always)
    func columnIndex<K: CodingKey>(of key: K) -> Int? {
        let name = key.stringValue
        let slot = position
        position = slot &+ 1
        if slot < planKeys.count && planKeys[slot] == name {
            let column = planColumns[slot]
            return column >= 0 ? column : nil
        }
        // A decoder without a plan (one row) checks the column at the key's position inline.
        if !recordsPlan && layout.isColumn(slot, named: name) { return slot }
        return lookUp(name, slot: slot)
    }

    /// The layout's answer for a key the plan does not know, remembered in the plan.
    private func lookUp(_ name: String, slot: Int) -> Int? {
        let index = layout.isColumn(slot, named: name) ? slot : layout.index(of: name)
        // The cap only bounds a decoder whose rows never end (a `Row.decoder()` used by hand).
        if recordsPlan && slot <= planKeys.count && slot < 1024 {
            if slot == planKeys.count {
                planKeys.append(name)
                planColumns.append(index ?? -1)
            } else {
                planKeys[slot] = name
                planColumns[slot] = index ?? -1
            }
        }
        return index
    }

    /// The column of a key, or a `keyNotFound` error naming the column and the type.
    @inline(__always)
    func index<K: CodingKey, T>(of key: K, decoding type: T.Type) throws -> Int {
        guard let index = columnIndex(of: key) else { throw keyNotFound(key, type) }
        return index
    }

    private func keyNotFound<K: CodingKey, T>(_ key: K, _ type: T.Type) -> DecodingError {
        DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: [key],
                debugDescription: "no column \"\(key.stringValue)\" to decode \(T.self) from; the row's columns are "
                    + (layout.names.isEmpty ? "(none)" : layout.names.joined(separator: ", "))))
    }

    /// The error for a column that does not convert to `type`.
    func conversionError<K: CodingKey, T>(_ type: T.Type, at index: Int, key: K) -> DecodingError {
        ColumnValueDecoding.conversionError(
            type, value: source.value(at: index), column: layout.names[index], codingPath: [key])
    }
}

extension RowDecoder: ReusableObject {
    /// Breaks the cycle through the cached containers when the layout's slot goes away.
    func retire() { finish() }
}
