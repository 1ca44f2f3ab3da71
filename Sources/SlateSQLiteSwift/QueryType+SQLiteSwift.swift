// SQLite.swift's spellings of jobs the typed layer does under another primary name. Each is a
// thin alias of the primary its documentation names.

import Foundation
import Slate
import SlateCore

extension QueryType {
    /// SQLite.swift's spelling of `insert(or:_:userInfo:otherSetters:nilEncoding:)`, with the
    /// value labeled `encodable:`.
    ///
    /// - Parameters:
    ///   - onConflict: The conflict resolution (`.replace`, `.ignore`, …).
    ///   - encodable: The value.
    ///   - userInfo: Passed to the value's `encode(to:)` through the encoder.
    ///   - otherSetters: More columns to set; they win over properties with the same column.
    ///   - nilEncoding: What a `nil` optional property does: leave its column out (`NilEncoding/omit`,
    ///     SQLite.swift's behaviour) or write `NULL` (`NilEncoding/null`).
    /// - Returns: The statement.
    /// - Throws: `EncodingError` when the value cannot be a row, or the value's own error.
    public func insert(
        or onConflict: OnConflict, encodable: any Encodable, userInfo: [CodingUserInfoKey: Any] = [:],
        otherSetters: [Setter] = [], nilEncoding: NilEncoding = .omit
    ) throws -> Insert {
        try insert(
            or: onConflict, encodable, userInfo: userInfo, otherSetters: otherSetters, nilEncoding: nilEncoding)
    }

    /// SQLite.swift's alias of `filter(_:)`, the primary spelling.
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func `where`(_ predicate: SQLExpression<Bool>) -> Self {
        filter(predicate)
    }

    /// SQLite.swift's alias of `filter(_:)`, the primary spelling.
    ///
    /// - Parameter predicate: The condition.
    /// - Returns: The filtered query.
    public func `where`(_ predicate: SQLExpression<Bool?>) -> Self {
        filter(predicate)
    }
}

extension MaterializationHint {
    /// SQLite.swift's name for `materialize`, the primary spelling (`MATERIALIZED`).
    public static let materialized = MaterializationHint.materialize
    /// SQLite.swift's name for `notMaterialize`, the primary spelling (`NOT MATERIALIZED`).
    public static let notMaterialized = MaterializationHint.notMaterialize
}

extension SQLExpression where Datatype: Value {
    /// SQLite.swift's name for `nthValue(_:_:)`, the primary spelling:
    /// `nth_value(expression, n) OVER (ORDER BY …)`.
    ///
    /// - Parameters:
    ///   - index: The 1-based row number in the window.
    ///   - orderBy: The ordering terms.
    /// - Returns: The expression (`NULL` when the window is shorter).
    public func value(_ index: Int, _ orderBy: any Expressible...) -> SQLExpression<Datatype?> {
        SQLTemplate.window("nth_value", [self, index], orderBy)
    }
}
