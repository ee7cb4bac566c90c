/// An optional value kept on the heap, for a large one that few values of the type holding it
/// have: a paragraph's table, a table element's parts as the reader gathers them. Inline it
/// would widen every value of the holder, and a book of prose copies many of those (each
/// paragraph, each line's paragraph, each element being read); here it costs one pointer, and
/// nothing is allocated while it is nil. Copies share the box until one changes it (copy on
/// write), so the holder keeps value semantics and changes in place stay cheap.
@propertyWrapper
public struct OutOfLine<Wrapped> {
    // Inlinable, so that the modules using it specialise it for their types.
    @usableFromInline
    final class Box: @unchecked Sendable {
        @usableFromInline var value: Wrapped?
        @usableFromInline init(_ value: Wrapped?) { self.value = value }
    }

    @usableFromInline var box: Box?

    @inlinable
    public init(wrappedValue: Wrapped?) {
        box = wrappedValue.map(Box.init)
    }

    @inlinable
    public var wrappedValue: Wrapped? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
        _modify {
            if box == nil {
                box = Box(nil)
            } else if !isKnownUniquelyReferenced(&box!) {
                box = Box(box!.value)
            }
            yield &box!.value
            if box!.value == nil { box = nil }
        }
    }
}

extension OutOfLine: Equatable where Wrapped: Equatable {
    @inlinable
    public static func == (a: OutOfLine, b: OutOfLine) -> Bool {
        a.box === b.box || a.wrappedValue == b.wrappedValue
    }
}

// The box is only ever changed through a unique reference (`_modify`), so sharing it between
// threads shares an immutable value.
extension OutOfLine: Sendable where Wrapped: Sendable {}
