import BookModel

/// Whether a book is written vertically. The layout sets every book horizontally, so a vertical
/// one gets a warning saying so — one per book, naming the first sign found.
///
/// The signs, in order: a spine document's CSS (`writing-mode`, `-epub-writing-mode` or
/// `-webkit-writing-mode` vertical), the package's `primary-writing-mode` meta, and a
/// right-to-left page progression in Japanese, Chinese or Korean — those scripts are set
/// right to left across the page only when their lines run top to bottom.
enum VerticalWriting {
    static let verticalProgressionLanguages: Set<String> = ["ja", "zh", "ko"]

    static func warning(package: PackageDocument, verticalItem: String?) -> Warning? {
        if let verticalItem {
            return Warning(entry: verticalItem, "vertical writing (writing-mode in its CSS) is laid out horizontally")
        }
        if let mode = package.primaryWritingMode, mode.hasPrefix("vertical") || mode.hasPrefix("tb") {
            return Warning(entry: package.path,
                           "vertical writing (primary-writing-mode \(mode)) is laid out horizontally")
        }
        if package.direction == .rightToLeft, let language = package.language,
           verticalProgressionLanguages.contains(primarySubtag(of: language)) {
            return Warning(entry: package.path, "vertical writing (a right-to-left page progression in '\(language)') "
                                                + "is laid out horizontally")
        }
        return nil
    }

    /// `ja` for `ja-JP` or `JA_jp`.
    static func primarySubtag(of tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }
}
