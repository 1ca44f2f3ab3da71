// SQLite.swift's module is named `SQLite`, so its users qualify names as `SQLite.Expression`,
// `SQLite.Table`, `SQLite.Connection` (its README recommends `SQLite.Expression`, because
// Foundation declares an `Expression` too). In Slate, `SQLite` is the library-facts enum, which
// shadows nothing but would make every such qualified name fail to compile. These aliases make
// each public type SQLite.swift users can reach as `SQLite.X` resolve to Slate's type of the
// same job, so that code compiles unchanged after `import SQLite` becomes `import SlateSQLiteSwift`.

import Slate
import SlateCore

extension SQLite {
    // Connections and statements (SlateCore).

    /// SQLite.swift's `SQLite.Connection`: Slate's `Connection` (SlateCore).
    public typealias Connection = SlateCore.Connection
    /// SQLite.swift's `SQLite.Statement`: Slate's `Statement` (SlateCore).
    public typealias Statement = SlateCore.Statement
    /// SQLite.swift's `SQLite.Backup`: Slate's `Backup` (SlateCore).
    public typealias Backup = SlateCore.Backup
    /// SQLite.swift's `SQLite.Blob`: Slate's `Blob` (SlateCore).
    public typealias Blob = SlateCore.Blob
    /// SQLite.swift's `SQLite.Cursor`: Slate's `Cursor` (SlateCore).
    public typealias Cursor = SlateCore.Cursor
    /// SQLite.swift's `SQLite.Row`: Slate's `Row` (SlateCore).
    public typealias Row = SlateCore.Row
    /// SQLite.swift's `SQLite.Binding`: this module's `Binding`, SlateCore's `SQLiteBindable`.
    public typealias Binding = SlateCore.SQLiteBindable

    // Typed expressions.

    /// SQLite.swift's `SQLite.Expression<Datatype>`: Slate's `SQLExpression`.
    public typealias Expression<Datatype> = Slate.SQLExpression<Datatype>
    /// SQLite.swift's `SQLite.Expressible`: Slate's `Expressible`.
    public typealias Expressible = Slate.Expressible
    /// SQLite.swift's `SQLite.ExpressionType`: Slate's `ExpressionType`.
    public typealias ExpressionType = Slate.ExpressionType
    /// SQLite.swift's `SQLite.Value`: Slate's `Value`.
    public typealias Value = Slate.Value
    /// SQLite.swift's `SQLite.Number`: Slate's `Number`.
    public typealias Number = Slate.Number
    /// SQLite.swift's `SQLite.Collation`: Slate's `Collation`.
    public typealias Collation = Slate.Collation
    /// SQLite.swift's `SQLite.DateFunctions`: Slate's `DateFunctions`.
    public typealias DateFunctions = Slate.DateFunctions
    /// SQLite.swift's `SQLite.Star`: Slate's `Star`.
    public typealias Star = Slate.Star
    /// SQLite.swift's `SQLite.QueryError`: `QueryError`.
    public typealias QueryError = SlateSQLiteSwift.QueryError

    // Queries.

    /// SQLite.swift's `SQLite.Table`: Slate's `Table`.
    public typealias Table = Slate.Table
    /// SQLite.swift's `SQLite.View`: Slate's `View`.
    public typealias View = Slate.View
    /// SQLite.swift's `SQLite.VirtualTable`: Slate's `VirtualTable`.
    public typealias VirtualTable = Slate.VirtualTable
    /// SQLite.swift's `SQLite.QueryType`: Slate's `QueryType`.
    public typealias QueryType = Slate.QueryType
    /// SQLite.swift's `SQLite.SchemaType`: Slate's `SchemaType`.
    public typealias SchemaType = Slate.SchemaType
    /// SQLite.swift's `SQLite.QueryClauses`: Slate's `QueryClauses`.
    public typealias QueryClauses = Slate.QueryClauses
    /// SQLite.swift's `SQLite.ScalarQuery<V>`: Slate's `ScalarQuery`.
    public typealias ScalarQuery<V> = Slate.ScalarQuery<V>
    /// SQLite.swift's `SQLite.JoinType`: Slate's `JoinType`.
    public typealias JoinType = Slate.JoinType
    /// SQLite.swift's `SQLite.MaterializationHint`: Slate's `MaterializationHint`.
    public typealias MaterializationHint = Slate.MaterializationHint
    /// SQLite.swift's `SQLite.RowIterator`: `RowIterator`.
    public typealias RowIterator = SlateSQLiteSwift.RowIterator
    /// SQLite.swift's `SQLite.FailableIterator`: `FailableIterator`.
    public typealias FailableIterator = SlateSQLiteSwift.FailableIterator

    // Writing.

    /// SQLite.swift's `SQLite.Insert`: Slate's `Insert`.
    public typealias Insert = Slate.Insert
    /// SQLite.swift's `SQLite.Update`: Slate's `Update`.
    public typealias Update = Slate.Update
    /// SQLite.swift's `SQLite.Delete`: Slate's `Delete`.
    public typealias Delete = Slate.Delete
    /// SQLite.swift's `SQLite.Setter`: Slate's `Setter`.
    public typealias Setter = Slate.Setter
    /// SQLite.swift's `SQLite.OnConflict`: Slate's `OnConflict`.
    public typealias OnConflict = Slate.OnConflict

    // Schema.

    /// SQLite.swift's `SQLite.TableBuilder`: Slate's `TableBuilder`.
    public typealias TableBuilder = Slate.TableBuilder
    /// SQLite.swift's `SQLite.PrimaryKey`: Slate's `PrimaryKey`.
    public typealias PrimaryKey = Slate.PrimaryKey
    /// SQLite.swift's `SQLite.LiteralValue`: Slate's `LiteralValue`.
    public typealias LiteralValue = Slate.LiteralValue
    /// SQLite.swift's `SQLite.SchemaChanger`: Slate's `SchemaChanger`.
    public typealias SchemaChanger = Slate.SchemaChanger
    /// SQLite.swift's `SQLite.SchemaReader`: Slate's `SchemaReader`.
    public typealias SchemaReader = Slate.SchemaReader
    /// SQLite.swift's `SQLite.ColumnDefinition`: Slate's `ColumnDefinition`.
    public typealias ColumnDefinition = Slate.ColumnDefinition
    /// SQLite.swift's `SQLite.IndexDefinition`: Slate's `IndexDefinition`.
    public typealias IndexDefinition = Slate.IndexDefinition
    /// SQLite.swift's `SQLite.ObjectDefinition`: Slate's `ObjectDefinition`.
    public typealias ObjectDefinition = Slate.ObjectDefinition
    /// SQLite.swift's `SQLite.ForeignKeyError`: Slate's `ForeignKeyError`.
    public typealias ForeignKeyError = Slate.ForeignKeyError

    // Full-text search.

    /// SQLite.swift's `SQLite.Module`: Slate's `Module`.
    public typealias Module = Slate.Module
    /// SQLite.swift's `SQLite.Tokenizer`: Slate's `Tokenizer`.
    public typealias Tokenizer = Slate.Tokenizer
    /// SQLite.swift's `SQLite.FTSConfig`: Slate's `FTSConfig`.
    public typealias FTSConfig = Slate.FTSConfig
    /// SQLite.swift's `SQLite.FTS4Config`: Slate's `FTS4Config`.
    public typealias FTS4Config = Slate.FTS4Config
    /// SQLite.swift's `SQLite.FTS5Config`: Slate's `FTS5Config`.
    public typealias FTS5Config = Slate.FTS5Config
}
