import BookModel
import CSS
import ZipArchive

/// The fonts a book brings: the `@font-face` rules of every stylesheet its manifest lists, each
/// with the first of its `url()` sources that is a file of the book, read (an obfuscated font
/// restored). Gathered before any chapter is read, so that a layout starting early knows them.
///
/// A rule is the book's wherever it is declared: a family a document names is found even when
/// the sheet declaring it reaches the document only through `@import`, which is not followed.
/// A source outside the book (another site, an absolute path) or missing from it is a warning,
/// and the rule's text falls back to the next family of its list; so is a file that cannot be
/// read. Whether the file is a font at all is the layout's to find, when it loads it.
enum BookFontFiles {
    static func fonts(of package: PackageDocument, archive: BookArchive, stylesheets: BookStylesheets,
                      warnings: inout [Warning]) -> BookFonts {
        var faces: [BookFonts.Face] = []
        var read: [String: [UInt8]] = [:]
        var usesSansSerif = false
        for item in package.manifest where isStylesheet(item) {
            guard let sheet = stylesheets.stylesheet(at: item.path) else { continue }
            usesSansSerif = usesSansSerif || sheet.asksForSansSerif
            for rule in sheet.fontFaces {
                guard let path = file(of: rule, in: item.path, archive: archive, warnings: &warnings) else { continue }
                let bytes: [UInt8]
                if let known = read[path] {
                    bytes = known
                } else {
                    do throws(ZipArchiveError) {
                        bytes = try archive.read(path)
                    } catch {
                        warnings.append(Warning(entry: path, "font of family '\(rule.family)' could not be read "
                                                + "(\(error.reason)); its text is set in the next family of its list"))
                        continue
                    }
                    read[path] = bytes
                }
                let restored = archive.obfuscation?.restore(bytes, path: path) ?? bytes
                faces.append(BookFonts.Face(family: rule.family, weights: rule.weights, style: style(rule.style),
                                            unicodeRanges: rule.unicodeRanges, path: path, bytes: restored))
            }
        }
        return BookFonts(faces: faces, usesSansSerif: usesSansSerif)
    }

    /// The book's file a rule's sources name first; nil, with a warning, when none is one.
    private static func file(of rule: FontFaceRule, in sheet: String, archive: BookArchive,
                             warnings: inout [Warning]) -> String? {
        var outside: String?
        var missing: String?
        for source in rule.sources {
            guard let reference = ArchivePath.resolve(source.text, relativeTo: source.base ?? sheet) else {
                outside = outside ?? source.text
                continue
            }
            if let entry = archive.entry(for: reference.path) { return entry }
            missing = missing ?? reference.path
        }
        if let missing {
            warnings.append(Warning(entry: sheet, "the font of family '\(rule.family)' (\(missing)) is not in the book; "
                                    + "its text is set in the next family of its list"))
        } else if let outside {
            warnings.append(Warning(entry: sheet, "the font of family '\(rule.family)' is outside the book (\(outside)) "
                                    + "and is not fetched; its text is set in the next family of its list"))
        }
        return nil
    }

    private static func isStylesheet(_ item: PackageDocument.Item) -> Bool {
        item.mediaType == "text/css" || (item.mediaType.isEmpty && item.path.lowercased().hasSuffix(".css"))
    }

    private static func style(_ style: FontFaceStyle) -> BookFonts.Face.Style {
        switch style {
        case .normal: .normal
        case .italic: .italic
        case .oblique: .oblique
        }
    }
}
