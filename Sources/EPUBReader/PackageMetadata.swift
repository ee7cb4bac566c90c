import BookModel

/// The book's metadata as the package document gives it. A book needs a title to show, so one
/// without `dc:title` gets a guess, with a warning: the first chapter title, else the file name.
enum PackageMetadata {
    static func metadata(of package: PackageDocument, bookPath: String, chapters: [Chapter],
                         warnings: inout [Warning]) -> Metadata {
        var metadata = Metadata(title: package.title ?? guessedTitle(bookPath: bookPath, chapters: chapters),
                                creators: package.creators, language: package.language,
                                identifier: package.identifier, date: package.date, direction: package.direction)
        metadata.rendition = package.rendition
        if package.title == nil { warnings.append(Warning(entry: package.path, "no dc:title; the title is a guess")) }
        return metadata
    }

    /// The metadata as the package alone gives it, before any chapter is read: what a layout
    /// started early goes by. The title may still be guessed from the chapters, and a spine
    /// document's CSS may still find the book written vertically.
    static func beforeChapters(of package: PackageDocument, bookPath: String) -> Metadata {
        var ignored: [Warning] = []
        var metadata = metadata(of: package, bookPath: bookPath, chapters: [], warnings: &ignored)
        metadata.writesVertically = VerticalWriting.isVertical(package: package, verticalItem: nil)
        return metadata
    }

    private static func guessedTitle(bookPath: String, chapters: [Chapter]) -> String {
        if let heading = chapters.lazy.compactMap(\.title).first { return heading }
        let name = bookPath.split(separator: "/").last.map(String.init) ?? bookPath
        return name.lowercased().hasSuffix(".epub") ? String(name.dropLast(5)) : name
    }
}
