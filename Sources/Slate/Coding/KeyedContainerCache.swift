/// The last two keyed containers that a reused ``RowDecoder`` or ``SetterEncoder`` made, by key
/// type, so that each row of the same type gets the container made for the first row instead of
/// a new one (a box and two generic types' metadata each).
///
/// Two, not one: a row decoded or encoded with two key types in turn (a flattened record whose
/// `init(from:)` or `encode(to:)` uses two structs' keys) keeps both.
///
/// A cache belongs to one decoder or one encoder, which always asks it for the same kind of
/// container of a given key type (`KeyedDecodingContainer<Key>` or `KeyedEncodingContainer<Key>`):
/// the key type then identifies the container's type, so the checked casts below always succeed.
/// The containers refer back to their decoder or encoder: ``removeAll()`` breaks that cycle.
struct KeyedContainerCache {
    private var lastKeyType: ObjectIdentifier?
    private var last: AnyObject?
    private var previousKeyType: ObjectIdentifier?
    private var previous: AnyObject?

    /// The container cached for `keyType`, or the one `make` makes (which is then cached).
    ///
    /// Always inlined: in its caller the container type is concrete up to the key type, so the
    /// holder's field is read at a fixed offset, with no generic metadata looked up per row.
    @inline(__always)
    mutating func container<Key: CodingKey, Container>(
        keyedBy keyType: Key.Type, make: () -> Container
    ) -> Container {
        let key = ObjectIdentifier(keyType)
        // Each container field is only ever set together with its key type field, to a holder of
        // the container type that key type identifies (see the type's documentation): the key
        // comparison picks the field, and the checked cast confirms its type.
        if lastKeyType == key, let holder = last as? ContainerHolder<Container> {
            return holder.container
        }
        if previousKeyType == key, let holder = previous as? ContainerHolder<Container> {
            return holder.container
        }
        let container = make()
        (previousKeyType, previous) = (lastKeyType, last)
        (lastKeyType, last) = (key, ContainerHolder(container))
        return container
    }

    /// Drops the cached containers.
    mutating func removeAll() {
        (lastKeyType, last, previousKeyType, previous) = (nil, nil, nil, nil)
    }
}

/// Holds a container for ``KeyedContainerCache``: a class, so that the cache can hold any key
/// type's container in one `AnyObject` field.
private final class ContainerHolder<Container> {
    let container: Container
    init(_ container: Container) { self.container = container }
}
