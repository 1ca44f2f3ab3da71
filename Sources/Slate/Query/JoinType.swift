/// The kinds of join.
public enum JoinType: String, Sendable {
    /// `CROSS JOIN`.
    case cross = "CROSS"
    /// `INNER JOIN` (the default).
    case inner = "INNER"
    /// `LEFT OUTER JOIN`.
    case leftOuter = "LEFT OUTER"
}
