import BookModel
import CSS
import Foundation
import Markup
import PageFormat
import ZipArchive

/// The files an app needs to show a designed page's own document in a web view (as Readium
/// does, `design.spineItem`): the document, and what it loads — its stylesheets, pictures,
/// scripts, fonts and media, and what those stylesheets load in turn (`url()`: fonts, pictures,
/// imported sheets). Links to other pages are left out: each page brings its own files.
enum DesignedPageFiles {
    /// `documents`: the spine items of the designed pages. Files that can't be read are left
    /// to the writer, which warns of them.
    static func paths(of documents: [String], in files: BookFiles) -> Set<String> {
        var found = Set(documents)
        var sheets: [String] = []
        for document in documents {
            guard let bytes = try? files.read(document) else { continue }
            let markup = Markup.parse(bytes)
            guard let root = markup.rootElement else { continue }
            for index in markup.descendants(of: root) where markup[index].kind == .element {
                let node = markup[index]
                let name = node.name.lowercased()
                if name == "style" {
                    found.formUnion(urls(in: markup.textContent(of: index), relativeTo: document))
                    continue
                }
                if let style = node.attribute("style") { found.formUnion(urls(in: style, relativeTo: document)) }
                let loads: [String?]
                switch name {
                case "link":
                    let rel = node.attribute("rel")?.lowercased() ?? ""
                    loads = rel.contains("stylesheet") || rel.contains("icon") ? [node.attribute("href")] : []
                case "a": loads = []
                default:
                    loads = [node.attribute("src"), node.attribute("poster"), node.attribute("data"),
                             node.attribute("href", namespace: Namespace.xlink), name == "image" ? node.attribute("href") : nil]
                }
                for href in loads.compactMap({ $0 }) {
                    guard !ArchivePath.isExternal(href), let path = ArchivePath.resolve(href, relativeTo: document)?.path,
                          !found.contains(path) else { continue }
                    found.insert(path)
                    if name == "link", path.lowercased().hasSuffix(".css") { sheets.append(path) }
                }
            }
        }
        // A sheet's `url()`s are relative to it; an `@import`ed sheet is read in turn.
        var read: Set<String> = []
        while let sheet = sheets.popLast() {
            guard read.insert(sheet).inserted, let bytes = try? files.read(sheet) else { continue }
            for path in urls(in: String(decoding: bytes, as: UTF8.self), relativeTo: sheet) where !found.contains(path) {
                found.insert(path)
                if path.lowercased().hasSuffix(".css") { sheets.append(path) }
            }
            for path in imports(in: String(decoding: bytes, as: UTF8.self), relativeTo: sheet) {
                found.insert(path)
                sheets.append(path)
            }
        }
        return found
    }

    /// The book paths of a stylesheet's `url(…)`s.
    static func urls(in css: String, relativeTo base: String) -> [String] {
        CSSURL.texts(in: css).compactMap { inner in
            guard let inner, !inner.isEmpty, !inner.hasPrefix("data:"), !ArchivePath.isExternal(inner) else { return nil }
            return ArchivePath.resolve(inner, relativeTo: base)?.path
        }
    }

    /// `@import "other.css";` (the `url()` form is found with the other `url()`s).
    private static func imports(in css: String, relativeTo base: String) -> [String] {
        var paths: [String] = []
        var rest = Substring(css)
        while let at = rest.range(of: "@import", options: .caseInsensitive) {
            let after = rest[at.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            if let quote = after.first, quote == "\"" || quote == "'", let end = after.dropFirst().firstIndex(of: quote) {
                let href = String(after[after.index(after: after.startIndex)..<end])
                if !ArchivePath.isExternal(href), let path = ArchivePath.resolve(href, relativeTo: base)?.path { paths.append(path) }
            }
            rest = after
        }
        return paths
    }
}
