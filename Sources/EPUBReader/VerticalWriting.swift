import BookModel

/// Whether a book is written vertically (`Metadata.writesVertically`), which the layout then
/// follows unless `--writing-mode` says otherwise.
///
/// The signs: a spine document's CSS (`writing-mode`, `-epub-writing-mode` or
/// `-webkit-writing-mode` vertical), the package's `primary-writing-mode` meta, and a
/// right-to-left page progression in Japanese, Chinese or Korean — those scripts are set
/// right to left across the page only when their lines run top to bottom.
enum VerticalWriting {
    static let verticalProgressionLanguages: Set<String> = ["ja", "zh", "ko"]

    static func isVertical(package: PackageDocument, verticalItem: String?) -> Bool {
        if verticalItem != nil { return true }
        if let mode = package.primaryWritingMode, mode.hasPrefix("vertical") || mode.hasPrefix("tb") { return true }
        if package.direction == .rightToLeft, let language = package.language,
           verticalProgressionLanguages.contains(LanguageTag.primarySubtag(of: language)) {
            return true
        }
        return false
    }
}
