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
/// The reader refills the same record for every row, keeping its capacity: no allocation per row.
struct Record {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    var lengths: [Int] = []
    var kinds: [FieldKind] = []
    /// Where the record starts: its physical line (CSV) or its number (JSON).
    var line = 0
    /// The JSON record number (1-based); 0 for CSV.
    var number = 0

    var count: Int { starts.count }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        kinds.removeAll(keepingCapacity: true)
    }

    /// Sets every field to JSON null for `count` columns (a JSON reader then fills the keys it meets).
    mutating func reset(columns: Int) {
        removeAll()
        starts.append(contentsOf: repeatElement(0, count: columns))
        lengths.append(contentsOf: repeatElement(0, count: columns))
        kinds.append(contentsOf: repeatElement(.null, count: columns))
    }

    /// The field's text (for messages and headers).
    func text(_ index: Int) -> String {
        String(decoding: bytes[starts[index]..<(starts[index] + lengths[index])], as: UTF8.self)
    }
}
