import Slate
import SlateCore

/// An iterator whose `failableNext()` throws errors that `next()` cannot (SQLite.swift's
/// protocol for `RowIterator`).
public protocol FailableIterator: IteratorProtocol {
    /// The next element, or `nil` at the end.
    ///
    /// - Returns: The element, or `nil`.
    /// - Throws: The error that stopped iteration.
    func failableNext() throws -> Element?
}

extension RowIterator: FailableIterator {}
