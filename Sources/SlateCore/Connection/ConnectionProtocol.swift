/// The abstraction of a database connection that app code can depend on, so tests can substitute
/// a double for ``Connection`` (DataLiteCore's `ConnectionProtocol`).
///
/// Placeholder: the full protocol is defined on another branch and replaces this file on merge.
public protocol ConnectionProtocol: AnyObject {}

extension Connection: ConnectionProtocol {}
