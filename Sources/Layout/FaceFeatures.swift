import BookModel
import Fonts

/// Which of the OpenType features a run may ask for each of a book's faces has, and the faces'
/// variants a run's features and spacing are shaped in. A face without small capitals has
/// them synthesized (`SmallCapitals`); another feature it lacks is left out, since asking for
/// it would change nothing.
struct FaceFeatures: Sendable, Equatable {
    /// By face number (`BookFaces`).
    private let available: [FontFeatures]
    /// Whether the face has ligatures a browser turns off in letter-spaced text.
    private let ligatures: [Bool]

    /// Ligatures browsers leave out of letter-spaced text (CSS Text 3 §8.2: no optional ligatures
    /// where letters are spaced), set off in it here too.
    static let spacedOff = ["liga", "clig"]

    /// Faces that have none of the features: small capitals are synthesized.
    init() {
        available = []
        ligatures = []
    }

    /// `faces`: by their numbers.
    init(faces: [FontFace]) {
        available = faces.map { face in
            FontFeatures.tagged.reduce(into: FontFeatures()) { found, feature in
                if face.hasFeature(feature.tag) { found.insert(feature.feature) }
            }
        }
        ligatures = faces.map { face in Self.spacedOff.contains { face.hasFeature($0) } }
    }

    /// What `requested` is shaped with in face number `face`, and how its small capitals are made
    /// when the face cannot: small capitals from the face's own (`smcp`, and `c2sc` for all
    /// of them) when it has what is asked, else synthesized; other features where it has them.
    func resolve(_ requested: FontFeatures, in face: Int) -> (features: FontFeatures, synthesized: SmallCapitals?) {
        let has = face < available.count ? available[face] : []
        var features = requested.intersection(has)
        guard requested.contains(.smallCaps) else { return (features, nil) }
        let caps = requested.intersection([.smallCaps, .capitalsToSmallCaps])
        if has.isSuperset(of: caps) { return (features, nil) }
        features.subtract([.smallCaps, .capitalsToSmallCaps])
        return (features, requested.contains(.capitalsToSmallCaps) ? .all : .lowercase)
    }

    /// The features `shaping` is shaped with in face number `face` beyond HarfBuzz's defaults: empty
    /// when it needs the face alone.
    func shapingFeatures(of shaping: RunShaping, in face: Int) -> [ShapingFeature] {
        var list = shaping.features.tags.map { ShapingFeature($0) }
        if shaping.letterSpacing != 0, face < ligatures.count, ligatures[face] {
            list += Self.spacedOff.map { ShapingFeature($0, 0) }
        }
        return list
    }
}

/// Small capitals a face does not have, made from its capitals at `BlockFlattener.smallCapsScale`
/// of the size, as browsers make them.
enum SmallCapitals {
    /// The lowercase letters (`small-caps`).
    case lowercase
    /// Every letter (`all-small-caps`).
    case all
}
