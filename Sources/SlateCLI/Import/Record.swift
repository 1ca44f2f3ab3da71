/// What a field of an input record is, as the reader found it.
enum FieldKind: UInt8 {
    /// CSV/TSV text written without quotes.
    case unquoted
    /// CSV/TSV text written in quotes (so `""` is an empty string, never NULL).
    case quoted
    /// JSON `null`, or a key the record lacks.
    case null
    /// JSON `true` or `false`; the bytes are the literal.
    case boolean
    /// A JSON number; the bytes are its literal.
    case number
    /// A JSON string; the bytes are its decoded UTF-8.
    case string
    /// A JSON array or object; the bytes are its compact JSON text.
    case nested
}

/// One record of input: its fields' bytes in one buffer, each followed by a NUL so C functions
/// (`strtod`) can read a field in place.
///
/// The reader refills the same record for every row. Its storage is managed by hand, not with
/// arrays: appending a field costs no uniqueness check, and clearing it frees nothing, so a row
/// costs no allocation.
final class Record {
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private(set) var byteCount = 0
    private var byteCapacity: Int
    private(set) var starts: UnsafeMutablePointer<Int>
    private(set) var lengths: UnsafeMutablePointer<Int>
    private(set) var kinds: UnsafeMutablePointer<FieldKind>
    /// The number of fields.
    private(set) var count = 0
    private var fieldCapacity: Int
    /// Where the record starts: its physical line (CSV) or the line of its first byte (JSON).
    var line = 0
    /// The JSON record number (1-based); 0 for CSV.
    var number = 0

    init(byteCapacity: Int = 1 << 12, fieldCapacity: Int = 16) {
        self.byteCapacity = max(16, byteCapacity)
        self.fieldCapacity = max(4, fieldCapacity)
        bytes = .allocate(capacity: self.byteCapacity)
        starts = .allocate(capacity: self.fieldCapacity)
        lengths = .allocate(capacity: self.fieldCapacity)
        kinds = .allocate(capacity: self.fieldCapacity)
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
        lengths.deallocate()
        kinds.deallocate()
    }

    /// The record is one empty unquoted field: a blank CSV/TSV line.
    var isBlankLine: Bool { count == 1 && lengths[0] == 0 && kinds[0] == .unquoted }

    /// An independent copy (for the records held to decide the column types).
    func copy() -> Record {
        let copy = Record(byteCapacity: byteCount + 1, fieldCapacity: count)
        copy.assign(from: self)
        return copy
    }

    /// Makes this record the same as `other`.
    func assign(from other: Record) {
        removeAll()
        reserveBytes(other.byteCount)
        bytes.update(from: other.bytes, count: other.byteCount)
        byteCount = other.byteCount
        reserveFields(other.count)
        starts.update(from: other.starts, count: other.count)
        lengths.update(from: other.lengths, count: other.count)
        kinds.update(from: other.kinds, count: other.count)
        count = other.count
        line = other.line
        number = other.number
    }

    /// Empties the record, keeping its storage.
    @inline(__always)
    func removeAll() {
        byteCount = 0
        count = 0
    }

    /// Sets `columns` fields to JSON null (a JSON reader then fills the keys it meets).
    func reset(columns: Int) {
        removeAll()
        for _ in 0..<columns { appendNullField() }
    }

    @inline(__always)
    func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        if byteCount + length > byteCapacity { reserveBytes(byteCount + length) }
        (bytes + byteCount).update(from: source, count: length)
        byteCount += length
    }

    @inline(__always)
    func append(byte: UInt8) {
        if byteCount == byteCapacity { reserveBytes(byteCount + 1) }
        bytes[byteCount] = byte
        byteCount += 1
    }

    func append(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { append(base, count: buffer.count) }
        }
    }

    /// Ends the field that started at byte `begin`, and writes its NUL.
    @inline(__always)
    func endField(from begin: Int, kind: FieldKind) {
        if count == fieldCapacity { reserveFields(count + 1) }
        starts[count] = begin
        lengths[count] = byteCount - begin
        kinds[count] = kind
        count += 1
        append(byte: 0)
    }

    /// Adds a NULL field (a padded CSV row, or a JSON column the record lacks).
    func appendNullField() {
        endField(from: byteCount, kind: .null)
    }

    /// Points field `index` at bytes already appended.
    func setField(_ index: Int, start: Int, length: Int, kind: FieldKind) {
        starts[index] = start
        lengths[index] = length
        kinds[index] = kind
    }

    /// Drops the fields after the first `fieldCount`.
    func truncateFields(to fieldCount: Int) {
        count = min(count, fieldCount)
    }

    /// The field's text (for messages and headers).
    func text(_ index: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + starts[index], count: lengths[index]), as: UTF8.self)
    }

    private func reserveBytes(_ needed: Int) {
        guard needed > byteCapacity else { return }
        var capacity = byteCapacity
        while capacity < needed { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = grown
        byteCapacity = capacity
    }

    private func reserveFields(_ needed: Int) {
        guard needed > fieldCapacity else { return }
        var capacity = fieldCapacity
        while capacity < needed { capacity *= 2 }
        func grow<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
            let grown = UnsafeMutablePointer<T>.allocate(capacity: capacity)
            grown.update(from: pointer, count: count)
            pointer.deallocate()
            return grown
        }
        starts = grow(starts)
        lengths = grow(lengths)
        kinds = grow(kinds)
        fieldCapacity = capacity
    }
}
