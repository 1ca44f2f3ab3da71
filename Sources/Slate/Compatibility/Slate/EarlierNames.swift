// Names that earlier Slate versions gave the typed cursor and its rows. A typed query's cursor
// is now SlateCore's `Cursor`, and its rows are `RowView`s read with typed expressions
// (Execution/RowView+Expressions.swift): one cursor and one in-place row for raw SQL and typed
// queries alike. The old names keep compiling.

/// The cursor of a typed query: ``SlateCore/Cursor`` (Slate's earlier name for it).
public typealias QueryCursor = Cursor

/// A row of a typed query, read in place: ``SlateCore/RowView`` (Slate's earlier name for it).
public typealias QueryRowView = RowView

extension RowView {
    /// The row itself (earlier Slate versions wrapped a ``RowView`` in `QueryRowView.view`).
    @available(*, deprecated, message: "a typed query's row is a RowView: use the row itself")
    public var view: RowView { self }
}

extension Cursor {
    /// The cursor itself (earlier Slate versions wrapped a ``Cursor`` in `QueryCursor.cursor`).
    @available(*, deprecated, message: "a typed query's cursor is a Cursor: use the cursor itself")
    public var cursor: Cursor { self }
}
