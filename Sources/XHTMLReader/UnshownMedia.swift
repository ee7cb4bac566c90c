import BookModel
import Markup

/// Media a page cannot play or run — `video`, `audio`, `object`, `embed`, `iframe`, `canvas` —
/// shown as a browser without them shows them: by their fallback content (what they hold
/// besides their `source`, `track` and `param` elements) when they have some, else by a line
/// naming them (`[Video: Launch]`, from their `title`, `aria-label`, or the name of their file).
/// Each kind the book has is said once, in one warning (`warnings(for:)`): nothing vanishes
/// silently.
public enum MediaKind: String, Sendable, CaseIterable, Comparable {
    case video, audio, object, embed, iframe, canvas

    public static func < (a: MediaKind, b: MediaKind) -> Bool { a.rawValue < b.rawValue }

    /// `Video`, for the placeholder.
    var label: String {
        switch self {
        case .video: "Video"
        case .audio: "Audio"
        case .object, .embed: "Embedded content"
        case .iframe: "Embedded page"
        case .canvas: "Drawing"
        }
    }

    /// How the warning names one.
    var singular: String {
        switch self {
        case .video: "a video"
        case .audio: "an audio clip"
        case .object: "an object"
        case .embed: "an embedded file"
        case .iframe: "an iframe"
        case .canvas: "a canvas"
        }
    }

    /// How the warning names several.
    var plural: String {
        switch self {
        case .video: "videos"
        case .audio: "audio clips"
        case .object: "objects"
        case .embed: "embedded files"
        case .iframe: "iframes"
        case .canvas: "canvases"
        }
    }
}

/// How many of each kind a document (or a book) holds, and the first document that holds one.
public struct UnshownMedia: Sendable, Equatable {
    public private(set) var counts: [MediaKind: Int] = [:]
    public private(set) var firstEntry: [MediaKind: String] = [:]

    public init() {}

    mutating func note(_ kind: MediaKind, in entry: String) {
        counts[kind, default: 0] += 1
        if firstEntry[kind] == nil { firstEntry[kind] = entry }
    }

    /// Another document's, added.
    public mutating func add(_ other: UnshownMedia) {
        for (kind, count) in other.counts { counts[kind, default: 0] += count }
        for (kind, entry) in other.firstEntry where firstEntry[kind] == nil { firstEntry[kind] = entry }
    }

    public var isEmpty: Bool { counts.isEmpty }

    /// One warning for each kind, naming the first document that has one.
    public var warnings: [Warning] {
        counts.keys.sorted().map { kind in
            let count = counts[kind] ?? 0
            let what = count == 1 ? kind.singular : "\(count) \(kind.plural)"
            return Warning(entry: firstEntry[kind], "\(what): a page cannot play or run \(count == 1 ? "it" : "them"); shown by "
                           + "\(count == 1 ? "its" : "their") fallback content, or by a line naming \(count == 1 ? "it" : "each") "
                           + "([\(kind.label): …])")
        }
    }

    /// `[Video: Launch]`: what stands for `node` when it has no fallback content.
    static func placeholder(_ kind: MediaKind, of node: MarkupNode, in document: MarkupDocument, at index: Int) -> String {
        let source = node.attribute("src") ?? node.attribute("data")
            ?? document.childElements(of: index).lazy.compactMap { document[$0].attribute("src") }.first
        let name = [node.attribute("title"), node.attribute("aria-label"),
                    source.map { String($0.split(separator: "/").last ?? Substring($0)) }]
            .lazy.compactMap { $0.map(TextCleanup.trimmed) }.first { !$0.isEmpty }
        return name.map { "[\(kind.label): \($0)]" } ?? "[\(kind.label)]"
    }

    /// Whether `node` holds anything to show in its place: text, or an element besides the
    /// media's own `source`, `track` and `param`. An `iframe`'s content never shows.
    static func hasFallback(_ kind: MediaKind, at index: Int, in document: MarkupDocument) -> Bool {
        guard kind != .iframe else { return false }
        for child in document.children(of: index) {
            let node = document[child]
            if node.kind == .element {
                if !["source", "track", "param"].contains(node.name.lowercased()) { return true }
            } else if !TextCleanup.trimmed(node.text).isEmpty {
                return true
            }
        }
        return false
    }
}
