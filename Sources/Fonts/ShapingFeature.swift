/// An OpenType feature set on or off when text is shaped (`smcp` on, `liga` off): what a face's
/// variant (`FontFace.variant(with:)`) shapes with besides HarfBuzz's defaults.
public struct ShapingFeature: Hashable, Sendable {
    /// Four ASCII letters.
    public var tag: String
    /// 0 turns the feature off, 1 on (for an alternates feature, which alternate).
    public var value: UInt32

    public init(_ tag: String, _ value: UInt32 = 1) {
        self.tag = tag
        self.value = value
    }
}

/// The variants made of one face, by their features: each made once, so that every measurer
/// of a layout numbers the same object, and its widths are looked up, and shared, as any
/// face's. Thread-safe.
final class FaceVariants: @unchecked Sendable {
    private let lock = ShortLock()
    /// Guarded by `lock`.
    private var made: [Key: FontFace] = [:]

    private struct Key: Hashable {
        var features: [ShapingFeature]
        var upright: Bool
    }

    func variant(with features: [ShapingFeature], upright: Bool, make: () -> FontFace) -> FontFace {
        lock.withLock {
            let key = Key(features: features, upright: upright)
            if let found = made[key] { return found }
            let face = make()
            made[key] = face
            return face
        }
    }
}
