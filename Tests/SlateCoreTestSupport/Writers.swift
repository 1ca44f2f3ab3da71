import SlateCore

/// The two database writers that the concurrency, migration and observation tests run against,
/// each on a file: a test takes `arguments: WriterKind.allCases`.
public enum WriterKind: String, CaseIterable, CustomStringConvertible, Sendable {
    /// A `DatabaseQueue`.
    case queue
    /// A `DatabasePool`.
    case pool

    /// The kind's name, which labels each test case.
    public var description: String { rawValue }

    /// A new writer of this kind on the file `path`, a pool with its default configuration.
    public func open(_ path: String) throws -> any DatabaseWriter {
        switch self {
        case .queue: return try DatabaseQueue(path: path)
        case .pool: return try DatabasePool(path: path)
        }
    }
}

extension TemporaryDirectory {
    /// A new `DatabasePool` on the file `name` in this folder, with at most `readers` reader
    /// connections (or the default), after running `schema` in a write, when given. Keep the
    /// folder alive as long as the pool.
    public func makePool(_ name: String, readers: Int? = nil, schema: String? = nil) throws -> DatabasePool {
        var configuration = Configuration()
        if let readers { configuration.maximumReaderCount = readers }
        let pool = try DatabasePool(path: path(name), configuration: configuration)
        if let schema { try pool.write { db in try db.execute(sql: schema) } }
        return pool
    }

    /// A pool on the file `name` in this folder (see `makePool`), then an in-memory queue: the
    /// two writers a test runs the same checks against. Each has run `schema`, when given. Keep
    /// the folder alive as long as the writers.
    public func makeWriters(_ name: String, readers: Int? = nil, schema: String? = nil) throws -> [any DatabaseWriter] {
        let queue = try DatabaseQueue()
        if let schema { try queue.write { db in try db.execute(sql: schema) } }
        return [try makePool(name, readers: readers, schema: schema), queue]
    }
}
