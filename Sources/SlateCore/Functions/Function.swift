/// The namespace of SQL function types (``Options``, ``Arguments``), and the base of
/// DataLiteCore's class-based functions, which `SlateDataLiteCore` provides.
///
/// Slate's own way to define a function is a closure: ``Connection/createFunction(_:argumentCount:options:_:)``
/// and ``Connection/createAggregate(_:argumentCount:options:initialValue:step:inverse:result:)``.
open class Function {
    /// The SQL name of the function; the class name by default. SQL function names are
    /// case-insensitive.
    open class var name: String { String(describing: self) }

    /// The number of arguments the function takes, from 0 to 127, or -1 for any number
    /// (the default). SQLite rejects a call with another number of arguments when it compiles it.
    open class var argc: Int32 { -1 }

    /// How SQLite may use the function; none by default.
    open class var options: Options { [] }

    /// Not for use: subclass the kinds of function `SlateDataLiteCore` declares.
    package init() {}
}
