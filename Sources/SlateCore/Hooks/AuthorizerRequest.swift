/// What a statement being compiled is about to do, as SQLite's authorizer reports it to the
/// closure set with ``Connection/authorizer(_:)``.
///
/// The meaning of ``first`` and ``second`` depends on ``action``: for `SQLITE_READ` and
/// `SQLITE_UPDATE` they are the table and the column, for `SQLITE_INSERT` and `SQLITE_DELETE` the
/// table, for `SQLITE_CREATE_TABLE` the table, for `SQLITE_PRAGMA` the pragma and its argument,
/// for `SQLITE_FUNCTION` the function's name (in ``second``); SQLite's documentation of
/// `sqlite3_set_authorizer` lists every action code.
public struct AuthorizerRequest: Hashable, Sendable {
    /// The action code: `SQLITE_READ`, `SQLITE_INSERT`, `SQLITE_CREATE_TABLE`, `SQLITE_PRAGMA`, ….
    public let action: Int32
    /// The action's first argument, when it has one (for `SQLITE_READ`, the table).
    public let first: String?
    /// The action's second argument, when it has one (for `SQLITE_READ`, the column).
    public let second: String?
    /// The schema the action touches (`main`, `temp`, or an attached database's name), when it
    /// touches one.
    public let database: String?
    /// The innermost trigger or view whose body causes the action, or `nil` when the statement
    /// itself does.
    public let trigger: String?

    /// A request, as SQLite would report it (for tests of an authorizer).
    ///
    /// - Parameters:
    ///   - action: The action code.
    ///   - first: The action's first argument.
    ///   - second: The action's second argument.
    ///   - database: The schema touched.
    ///   - trigger: The trigger or view that causes the action.
    public init(action: Int32, first: String? = nil, second: String? = nil, database: String? = nil, trigger: String? = nil) {
        self.action = action
        self.first = first
        self.second = second
        self.database = database
        self.trigger = trigger
    }
}

/// What an authorizer (``Connection/authorizer(_:)``) answers for one ``AuthorizerRequest``.
public enum AuthorizerDecision: Hashable, Sendable {
    /// Let the statement do it (`SQLITE_OK`).
    case allow
    /// Refuse to compile the statement: preparing it throws `SQLITE_AUTH` (`SQLITE_DENY`).
    case deny
    /// Compile the statement without the action (`SQLITE_IGNORE`): a column read gives NULL, a
    /// DELETE of a table is skipped; for other actions SQLite treats it as `deny`.
    case ignore

    /// The code SQLite expects back from an authorizer.
    var code: Int32 {
        switch self {
        case .allow: SQLITE_OK
        case .deny: SQLITE_DENY
        case .ignore: SQLITE_IGNORE
        }
    }
}
