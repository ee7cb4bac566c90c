import Foundation

/// How the model reads documents from other versions and other producers (docs/FORMAT.md,
/// "Compatibility"):
/// - a page type it does not know decodes as `Page.Kind.unknown`, a target name as a
///   `TargetName` and a grouping as `.none`, for the app to skip or show blank;
/// - a page without a field its type needs fails to decode, naming the field;
/// - fields it does not know are ignored;
/// - optional fields that are missing are nil, and a missing `chapters`, `toc`, `pageList` or `links` is
///   empty;
/// - a document whose `format` is not `book2pages`, or whose `version` is newer than
///   `PageDocument.currentVersion` (a version changes only when meaning changes), is refused with
///   a `PageFormatError`, since reading it as this version would show the wrong thing.
extension PageDocument {
    /// Reads a document written as JSON (compact or indented).
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(PageDocument.self, from: jsonData)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        guard format == PageDocument.formatName else { throw PageFormatError.notThisFormat(format) }
        version = try container.decode(Int.self, forKey: .version)
        guard version <= PageDocument.currentVersion else {
            throw PageFormatError.newerVersion(found: version, supported: PageDocument.currentVersion)
        }
        provenance = try container.decodeIfPresent(Provenance.self, forKey: .provenance)
        metadata = try container.decode(BookMetadata.self, forKey: .metadata)
        layout = try container.decode(LayoutDescription.self, forKey: .layout)
        target = try container.decodeIfPresent(TargetDescription.self, forKey: .target)
        chapters = try container.decodeIfPresent([ChapterItem].self, forKey: .chapters) ?? []
        toc = try container.decodeIfPresent([TOCItem].self, forKey: .toc) ?? []
        pageList = try container.decodeIfPresent([PageListItem].self, forKey: .pageList) ?? []
        pages = try container.decode([Page].self, forKey: .pages)
        links = try container.decodeIfPresent([PageLink].self, forKey: .links) ?? []
    }
}

/// Why a JSON document is not one this model can read.
public enum PageFormatError: Error, Equatable, CustomStringConvertible {
    /// The `format` field names another format.
    case notThisFormat(String)
    /// Made by a newer book2pages whose format changed meaning; update the app's model.
    case newerVersion(found: Int, supported: Int)

    public var description: String {
        switch self {
        case .notThisFormat(let format): "not a book2pages document (format \"\(format)\")"
        case .newerVersion(let found, let supported):
            "format version \(found) is newer than this model reads (\(supported)); update the PageFormat package"
        }
    }
}
