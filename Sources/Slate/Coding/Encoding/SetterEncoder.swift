import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes an `Encodable` value into one ``Setter`` per property, for Codable `insert`, `update`
/// and `upsert`.
///
/// Each key of the value's keyed container is a column; see ``ColumnValueEncoding`` for how a
/// property becomes a column value. As in SQLite.swift, a key the value skips (a `nil` optional:
/// synthesized conformances call `encodeIfPresent`, which skips it) leaves its column out, so an
/// update keeps it and an insert uses its default; an explicit `encodeNil` sets `NULL`. With
/// ``NilEncoding/null``, `encodeIfPresent` of `nil` sets `NULL` too. A value that cannot be a row
/// (one encoding a single value or a list at the top level, or using nested or super encoders),
/// or a property with no stored form, makes ``setters(for:userInfo:nilEncoding:)`` throw an
/// `EncodingError` that says why; nothing traps.
///
/// Each thread keeps one encoder that every row encoded on it reuses (no encoder allocated per
/// row), with its keyed container cached per key type, as ``RowDecoder`` does. A value whose
/// `encode(to:)` encodes another row (an insert built inside `encode(to:)`) finds the thread's
/// encoder in use and gets a fresh one.
final class SetterEncoder: Encoder {
    let codingPath: [any CodingKey] = []
    /// The Codable user info of the row being encoded (emptied after it, so that the thread's
    /// encoder keeps none of the caller's objects alive).
    private(set) var userInfo: [CodingUserInfoKey: Any] = [:]
    /// The columns (unquoted names) and their values, in encoding order; a key encoded again is
    /// recorded again, and ``EncodedColumn/distinct(_:)`` keeps its first position and last
    /// value when the row is rendered (a row that matches a cached insert shape has no repeats).
    /// Not checked for exclusivity at run time: the encoder is used by one `encode(to:)` call at
    /// a time on one thread (its thread's, or a fresh one).
    ///
    /// Only the first ``written`` elements are this row's: the rest are the previous row's, kept
    /// so that a row with the same keys overwrites just the values (no name released and
    /// retained again per column); they never hold text or blobs (see ``handOver()``).
    /// Unchecked: its checks cost 2,199 instructions per row on W5 `insert(encodable)` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var columns: [EncodedColumn] = []
    /// How many columns this row has encoded so far.
    private var written = 0
    /// The first unsupported use of the encoder, thrown once the value is encoded.
    private var failure: EncodingError?
    /// Whether ``failure`` is set (checked per row without copying the optional error).
    private var failed = false
    /// Whether a column's value is text or a blob (see ``handOver()``).
    private var holdsPayloads = false
    /// Whether `encodeIfPresent` of `nil` sets `NULL` (``NilEncoding/null``) rather than leaving
    /// the column out; set per row.
    private(set) var writesAbsentAsNull = false
    /// Whether a row is being encoded (the reentrancy guard of a thread's encoder).
    /// Unchecked, with ``containers``: W5 `insert(encodable)` 10,324 instructions per row, 10,439 without (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var inUse = false
    /// Whether this is a thread's reused encoder, which caches its containers; a fresh encoder
    /// (reentrant use) does not, so that no container keeps it alive in a cycle.
    private let reused: Bool
    /// The containers made for earlier rows, handed out again (only by a thread's reused
    /// encoder): a row type and one nested row type (an insert inside `encode(to:)` uses a fresh
    /// encoder, but a value encoding another type of row in turn would alternate) both stay cached.
    /// Unchecked: see ``inUse`` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var containers = KeyedContainerCache()

    private init(reused: Bool) {
        self.reused = reused
    }

    /// Encodes a value into setters.
    ///
    /// - Parameters:
    ///   - value: The value; each property becomes a column.
    ///   - userInfo: The Codable user info, available to the value's `encode(to:)`.
    ///   - nilEncoding: What `encodeIfPresent` of `nil` does.
    /// - Returns: One setter per encoded property, in encoding order.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    static func setters(
        for value: any Encodable, userInfo: [CodingUserInfoKey: Any], nilEncoding: NilEncoding = .omit
    ) throws -> [Setter] {
        EncodedColumn.distinct(try columns(for: value, userInfo: userInfo, nilEncoding: nilEncoding)).map {
            Setter(column: SQLTemplate.identifier($0.name), bound: $0.value)
        }
    }

    /// The setters of a value followed by the other setters, which replace properties of the same
    /// column (a column set twice would make SQLite reject or silently pick one of the values).
    static func setters(
        for encodable: any Encodable, userInfo: [CodingUserInfoKey: Any], otherSetters: [Setter],
        nilEncoding: NilEncoding = .omit
    ) throws -> [Setter] {
        let encoded = try setters(for: encodable, userInfo: userInfo, nilEncoding: nilEncoding)
        guard !otherSetters.isEmpty else { return encoded }
        let overridden = Set(otherSetters.map(\.column.template))
        return encoded.filter { !overridden.contains($0.column.template) } + otherSetters
    }

    /// Encodes a value into columns and values, in encoding order (a key encoded twice appears
    /// twice; see ``EncodedColumn/distinct(_:)``).
    ///
    /// Generic, so that a concrete value is passed as is rather than boxed in an existential.
    ///
    /// - Parameters:
    ///   - value: The value; each property becomes a column.
    ///   - userInfo: The Codable user info, available to the value's `encode(to:)`.
    ///   - nilEncoding: What `encodeIfPresent` of `nil` does.
    /// - Returns: One column per encoded key.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    static func columns<T: Encodable>(
        for value: T, userInfo: [CodingUserInfoKey: Any], nilEncoding: NilEncoding = .omit
    ) throws -> [EncodedColumn] {
        // A `@Table` record writes its columns with its generated code: no Encoder, and the
        // same values (see `recordColumns(of:nilEncoding:)`).
        if userInfo.isEmpty, let record = record(value) {
            return try recordColumns(of: record, nilEncoding: nilEncoding)
        }
        return try encoderColumns(for: value, userInfo: userInfo, nilEncoding: nilEncoding)
    }

    /// ``columns(for:userInfo:nilEncoding:)`` through the value's `encode(to:)`, for a value known
    /// not to be a `@Table` record whose generated code would write it (its caller asked
    /// ``record(_:)`` already: the thread's encoder is looked up once per row, not twice).
    static func encoderColumns<T: Encodable>(
        for value: T, userInfo: [CodingUserInfoKey: Any], nilEncoding: NilEncoding
    ) throws -> [EncodedColumn] {
        let encoder = available()
        encoder.begin(userInfo: userInfo, nilEncoding: nilEncoding)
        do {
            try value.encode(to: encoder)
        } catch {
            encoder.end(discarding: true)
            throw error
        }
        if encoder.failed {
            let failure = encoder.failure
            encoder.end(discarding: true)
            if let failure { throw failure }
        }
        let columns = encoder.handOver()
        encoder.end(discarding: false)
        return columns
    }

    /// A `@Table` record's columns as the Codable encoder would give them to an insert or update:
    /// its generated `write(to:)` fills the thread's reused buffers (no allocation per row, as
    /// for Codable values), and a `nil` property is left out, as SQLite.swift's
    /// `encodeIfPresent` leaves it, unless `nilEncoding` is ``NilEncoding/null``.
    static func recordColumns<Record: TableRecord>(of record: Record, nilEncoding: NilEncoding) throws(SQLiteError) -> [EncodedColumn] {
        let encoder = available()
        encoder.begin(userInfo: [:], nilEncoding: nilEncoding)
        let names = Record.columnNames
        var writer = RecordWriter(keeping: encoder.takeRecordValues(count: names.count), for: Record.self)
        do {
            try record.write(to: &writer)
        } catch {
            encoder.returnRecordValues(writer.values)
            encoder.end(discarding: true)
            throw error
        }
        return encoder.finishRecord(names: names, values: writer.values, nilEncoding: nilEncoding)
    }

    /// The columns of a record's written values (not generic: the loop runs specialized).
    private func finishRecord(names: [String], values: [SQLiteValue], nilEncoding: NilEncoding) -> [EncodedColumn] {
        for index in 0..<min(names.count, values.count) where nilEncoding == .null || !values[index].isNull {
            set(values[index], column: names[index])
        }
        returnRecordValues(values)
        let columns = handOver()
        end(discarding: false)
        return columns
    }

    /// The buffer a record's values are written into, reused for the thread's next record.
    private var recordValues: [SQLiteValue] = []

    /// The record buffer, `count` values long (`NULL`s), taken from the encoder for one record.
    private func takeRecordValues(count: Int) -> [SQLiteValue] {
        var values: [SQLiteValue] = []
        swap(&values, &recordValues)
        if values.count != count {
            values.removeAll(keepingCapacity: true)
            values.append(contentsOf: repeatElement(.null, count: count))
        }
        return values
    }

    /// Gives the record buffer back; text and blobs are dropped, so that the thread's encoder
    /// keeps no caller's strings or data alive (as ``handOver()`` does for its columns).
    private func returnRecordValues(_ values: [SQLiteValue]) {
        recordValues = values
        for index in recordValues.indices {
            switch recordValues[index] {
            case .text, .blob: recordValues[index] = .null
            default: break
            }
        }
    }

    /// The current thread's encoder, or a fresh one when it is in use (an `encode(to:)` that
    /// encodes another row).
    /// Kept per thread: W5 `insert(encodable)` ~2,200 instructions per row fewer than a fresh encoder per row (Benchmarks/PROFILE.md, “Unsafe flags”).
    private static func available() -> SetterEncoder {
        guard let encoder = threadEncoder() else { return SetterEncoder(reused: false) }
        return encoder.inUse ? SetterEncoder(reused: false) : encoder
    }

    /// The current thread's encoder (in use or not), made on first use; `nil` when the system
    /// has no thread-specific slot for it.
    private static func threadEncoder() -> SetterEncoder? {
        guard let key = threadEncoderKey else { return nil }
        if let stored = pthread_getspecific(key) {
            // Sound: the slot only ever holds a retained `SetterEncoder` (set below), released
            // only by the slot's destructor when the thread exits.
            return Unmanaged<SetterEncoder>.fromOpaque(stored).takeUnretainedValue()
        }
        let encoder = SetterEncoder(reused: true)
        if pthread_setspecific(key, Unmanaged.passRetained(encoder).toOpaque()) != 0 {
            // Not kept (no memory for the slot): balance the retain; the row still encodes.
            Unmanaged.passUnretained(encoder).release()
        }
        return encoder
    }

    /// The types whose values this thread found not to be `@Table` records that encode as their
    /// columns (see ``record(_:)``), most recent last; a few at most.
    private var plainTypes: [ObjectIdentifier] = []

    /// A value as a `@Table` record whose Codable form is its record columns
    /// (``TableRecord/codableUsesRecordColumns``), or `nil`.
    ///
    /// The question is a dynamic conformance check, which costs more than a tenth of a plain
    /// Codable struct's whole insert (W5 `db.run(table.insert(codable))`, Benchmarks/PROFILE.md):
    /// a type found not to be such a record is remembered by the thread's encoder, so that the
    /// check runs once per type and thread, not once per row. Keyed by the value's dynamic type,
    /// so that a subclass that is a record is never taken for its plain superclass.
    static func record<T: Encodable>(_ value: T) -> (any TableRecord)? {
        let type = ObjectIdentifier(Swift.type(of: value))
        let encoder = threadEncoder()
        if let encoder, encoder.plainTypes.contains(type) { return nil }
        if let record = value as? any TableRecord, Swift.type(of: record).codableUsesRecordColumns { return record }
        if let encoder {
            if encoder.plainTypes.count >= 8 { encoder.plainTypes.removeFirst() }
            encoder.plainTypes.append(type)
        }
        return nil
    }

    /// Starts a row: no columns written, no failure.
    ///
    /// The buffer of the previous row's columns is written in place when the insert that received
    /// them is gone (the buffer is then uniquely referenced): no allocation per row; while that
    /// insert lives, the first write copies the buffer instead.
    private func begin(userInfo: [CodingUserInfoKey: Any], nilEncoding: NilEncoding) {
        inUse = true
        writesAbsentAsNull = nilEncoding == .null
        if !userInfo.isEmpty { self.userInfo = userInfo }
        holdsPayloads = false
        written = 0
        if columns.capacity == 0 { columns.reserveCapacity(16) }
    }

    /// Ends a row: frees the encoder and forgets the user info; when the row is discarded (its
    /// `encode(to:)` threw or it failed), also its columns and failure.
    private func end(discarding: Bool) {
        inUse = false
        if !userInfo.isEmpty { userInfo = [:] }
        if discarding {
            columns.removeAll(keepingCapacity: true)
            written = 0
            failure = nil
            failed = false
            holdsPayloads = false
        }
    }

    /// The encoded columns. The encoder keeps sharing their buffer, to reuse it for the next
    /// row, unless they hold text or blobs: those are handed over alone, so that the thread's
    /// encoder never keeps a caller's strings or data alive after the insert is gone (numbers,
    /// `NULL` and the column names are all it may keep until its next row).
    private func handOver() -> [EncodedColumn] {
        if written < columns.count { columns.removeSubrange(written...) }
        guard holdsPayloads else { return columns }
        let taken = columns
        columns = []
        return taken
    }

    /// Drops the cached containers, which refer to the encoder (a thread's encoder, when its
    /// thread exits: dropping them breaks the cycle).
    fileprivate func dropContainers() {
        containers.removeAll()
    }

    /// Records the value of a column.
    @inline(__always)
    func set(_ value: SQLiteValue, column: String) {
        // Folded away where the value's case is known (numbers, NULL), once inlined.
        switch value {
        case .text, .blob: holdsPayloads = true
        default: break
        }
        let position = written
        written = position + 1
        if position < columns.count {
            // The previous row's column at this position: the same key (the usual case for rows
            // of one type) keeps its name; another key drops it and the columns after it.
            if columns[position].name == column {
                columns[position].value = value
                return
            }
            columns.removeSubrange(position...)
        }
        columns.append(EncodedColumn(name: column, value: value))
    }

    /// Notes an unsupported use of the encoder (the first one is reported).
    func fail(_ description: String, codingPath: [any CodingKey]) {
        guard !failed else { return }
        failed = true
        failure = EncodingError.invalidValue(
            description, EncodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard reused else { return KeyedEncodingContainer(SetterEncodingContainer<Key>(encoder: self)) }
        return containers.container(keyedBy: Key.self) {
            KeyedEncodingContainer(SetterEncodingContainer<Key>(encoder: self))
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        fail(
            "a row is encoded from a keyed container (a struct or class with properties), "
                + "not from an unkeyed container (a list)", codingPath: [])
        return DiscardingUnkeyedEncodingContainer(codingPath: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        fail(
            "a row is encoded from a keyed container (a struct or class with properties), "
                + "not from a single value", codingPath: [])
        return DiscardingSingleValueEncodingContainer(codingPath: [])
    }
}

/// The thread-specific slot of each thread's ``SetterEncoder``; its destructor releases the
/// encoder when the thread exits. `nil` if the system had no slot left: every row then gets a
/// fresh encoder.
private let threadEncoderKey: pthread_key_t? = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { stored in
        // Sound: the slot holds a retained `SetterEncoder` (see `SetterEncoder.available()`).
        #if canImport(Darwin)
        let encoder = Unmanaged<SetterEncoder>.fromOpaque(stored)
        #else
        guard let stored else { return }
        let encoder = Unmanaged<SetterEncoder>.fromOpaque(stored)
        #endif
        encoder.takeUnretainedValue().dropContainers()
        encoder.release()
    }
    return status == 0 ? key : nil
}()
