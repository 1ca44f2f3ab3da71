/// The arguments of a function call, as a collection of `SQLiteValue`s with a typed subscript.
///
/// `Function/Arguments` is the type Slate passes; the protocol lets a class-based function
/// override the `any ArgumentsProtocol` forms of `Function.Scalar.invoke(args:)`
/// and `Function.Aggregate.step(args:)`, as DataLiteCore's functions do,
/// and lets tests call them with their own argument lists.
public protocol ArgumentsProtocol: Collection where Element == SQLiteValue, Index == Int {
    /// The argument at a 0-based position converted to a Swift type, or `nil` when it is NULL or
    /// does not convert exactly.
    ///
    /// - Parameter index: The 0-based position.
    subscript<T: SQLiteRepresentable>(index: Index) -> T? { get }
}

extension ArgumentsProtocol {
    /// The argument at a 0-based position converted with `SQLiteRepresentable/init(_:)`.
    ///
    /// - Parameter index: The 0-based position.
    public subscript<T: SQLiteRepresentable>(index: Index) -> T? {
        T(self[index])
    }
}

extension Function.Arguments: ArgumentsProtocol {}

extension Function.Arguments {
    /// The concrete arguments of a call made through the `any ArgumentsProtocol` forms, so a
    /// function that overrides the concrete form gets the same values.
    ///
    /// - Parameters:
    ///   - arguments: Any argument list.
    ///   - functionName: The function's name, for error messages.
    init(_ arguments: any ArgumentsProtocol, functionName: String) {
        if let concrete = arguments as? Function.Arguments {
            self = concrete
        } else {
            self.init(Array(arguments), functionName: functionName)
        }
    }
}
