/// The state of an aggregate for one group of rows, kept in SQLite's per-group memory.
///
/// `sqlite3_aggregate_context` gives each group a zeroed block that lives until the group is
/// finalized; it holds one retained pointer to an `AggregateGroup`. The pointer is taken and
/// released in `xFinal`, which SQLite calls for every group, also when a statement is reset or
/// finalized before it finishes.
final class AggregateGroup {
    /// The user's state for the group.
    let state: any AggregateState
    /// Whether a step already failed: the statement is failing, so later calls are skipped.
    var failed = false

    init(state: any AggregateState) {
        self.state = state
    }

    /// The size of the per-group block: one pointer.
    private static let slotSize = Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)

    /// The group of the current call, created on first use when `create` is set.
    ///
    /// - Returns: The group, or `nil` when SQLite could not allocate its block (the call is then
    ///   failed with `SQLITE_NOMEM`) or when there is none and `create` is false.
    static func current(in context: OpaquePointer, definition: FunctionDefinition, create: Bool) -> AggregateGroup? {
        guard let block = sqlite3_aggregate_context(context, create ? slotSize : 0) else {
            if create { sqlite3_result_error_nomem(context) }
            return nil
        }
        let slot = block.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        if let stored = slot.pointee {
            return Unmanaged<AggregateGroup>.fromOpaque(stored).takeUnretainedValue()
        }
        guard create, let state = definition.makeState() else { return nil }
        let group = AggregateGroup(state: state)
        slot.pointee = Unmanaged.passRetained(group).toOpaque()
        return group
    }

    /// Takes the group out of the current call's block (for `xFinal`), balancing the retain of
    /// ``current(in:definition:create:)``.
    ///
    /// - Returns: The group, or `nil` when the aggregate never stepped (no rows).
    static func take(from context: OpaquePointer) -> AggregateGroup? {
        // A size of 0 never allocates: it returns the block only if a step created it.
        guard let block = sqlite3_aggregate_context(context, 0) else { return nil }
        let slot = block.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        guard let stored = slot.pointee else { return nil }
        slot.pointee = nil
        return Unmanaged<AggregateGroup>.fromOpaque(stored).takeRetainedValue()
    }
}
