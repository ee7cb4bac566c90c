import BookModel
import Markup
import XHTMLReader
import ZipArchive

/// A table-of-contents entry before it is matched to a chapter.
struct RawTOCEntry {
    let title: String
    let level: Int
    let target: ArchiveReference
    /// False for an unlinked heading that borrowed the target of its first entry below.
    var hasOwnLink = true
}

/// Reads the table of contents from an EPUB 3 navigation document or an EPUB 2 NCX. Both are
/// trees of entries; they are walked with an explicit stack, in document order.
enum TableOfContentsReader {
    /// The entries of the `nav` with `epub:type="toc"` (or `role="doc-toc"`, or else the first
    /// `nav`): each `li` with an `a` is an entry, its nested `ol` the next level.
    static func navigationEntries(_ document: MarkupDocument, path: String) -> [RawTOCEntry] {
        guard let root = document.rootElement else { return [] }
        let navs = document.descendantElements(of: root, named: "nav")
        let tocNav = navs.first { index in
            let node = document[index]
            let types = (node.attribute("type", namespace: Namespace.ops) ?? "").split(separator: " ")
            return types.contains("toc") || node.attribute("role") == "doc-toc"
        } ?? navs.first
        guard let tocNav, let list = document.firstDescendantElement(of: tocNav, named: "ol") else { return [] }

        var labels: [(title: String, level: Int, target: ArchiveReference?)] = []
        var pending = listItems(of: list, in: document).reversed().map { ($0, 1) }
        while let (item, level) = pending.popLast() {
            let children = document.childElements(of: item)
            let label = children.first { ["a", "span"].contains(document[$0].name) }
            if let label {
                let node = document[label]
                var title = TextCleanup.singleLine(document.textContent(of: label))
                if title.isEmpty { title = TextCleanup.singleLine(node.attribute("title") ?? "") }
                let target = node.attribute("href").flatMap { ArchivePath.resolve(TextCleanup.trimmed($0), relativeTo: path) }
                if !title.isEmpty { labels.append((title, level, target)) }
            }
            if let nested = children.first(where: { document[$0].name == "ol" }) {
                pending += listItems(of: nested, in: document).reversed().map { ($0, level + 1) }
            }
        }
        return pointingUnlinkedHeadingsDown(labels)
    }

    /// A `span` heading without a link (an author's name over their stories) points where its
    /// first linked entry below points, so the tree keeps its levels; with none below, it goes.
    private static func pointingUnlinkedHeadingsDown(_ labels: [(title: String, level: Int, target: ArchiveReference?)])
        -> [RawTOCEntry] {
        var entries: [RawTOCEntry] = []
        entries.reserveCapacity(labels.count)
        for (index, label) in labels.enumerated() {
            var target = label.target
            var next = index + 1
            while target == nil, next < labels.count, labels[next].level > label.level {
                target = labels[next].target
                next += 1
            }
            if let target {
                entries.append(RawTOCEntry(title: label.title, level: label.level, target: target,
                                           hasOwnLink: label.target != nil))
            }
        }
        return entries
    }

    private static func listItems(of list: Int, in document: MarkupDocument) -> [Int] {
        document.childElements(of: list).filter { document[$0].name == "li" }
    }

    /// The `navPoint`s of the NCX's `navMap`, nested `navPoint`s a level down.
    static func ncxEntries(_ document: MarkupDocument, path: String) -> [RawTOCEntry] {
        guard let root = document.rootElement,
              let navMap = document.firstDescendantElement(of: root, named: "navMap") else { return [] }
        var entries: [RawTOCEntry] = []
        var pending = navPoints(of: navMap, in: document).reversed().map { ($0, 1) }
        while let (point, level) = pending.popLast() {
            let children = document.childElements(of: point)
            let label = children.first { document[$0].name == "navLabel" }
                .flatMap { document.firstDescendantElement(of: $0, named: "text") }
            let title = label.map { TextCleanup.singleLine(document.textContent(of: $0)) } ?? ""
            let source = children.first { document[$0].name == "content" }.flatMap { document[$0].attribute("src") }
            if !title.isEmpty, let source, let target = ArchivePath.resolve(TextCleanup.trimmed(source), relativeTo: path) {
                entries.append(RawTOCEntry(title: title, level: level, target: target))
            }
            pending += navPoints(of: point, in: document).reversed().map { ($0, level + 1) }
        }
        // Kept until the chapters are read, so at its size: a list grown by doubling holds up to
        // twice what it needs, megabytes for a book of tens of thousands of entries.
        return entries.withUnsafeBufferPointer { Array($0) }
    }

    /// The links of the `nav` with `epub:type="page-list"` (or `role="doc-pagelist"`), in
    /// document order: a printed edition's page numbers.
    static func navigationPageList(_ document: MarkupDocument, path: String) -> [RawTOCEntry] {
        guard let root = document.rootElement else { return [] }
        let pageList = document.descendantElements(of: root, named: "nav").first { index in
            let node = document[index]
            let types = (node.attribute("type", namespace: Namespace.ops) ?? "").split(separator: " ")
            return types.contains("page-list") || node.attribute("role") == "doc-pagelist"
        }
        guard let pageList else { return [] }
        return document.descendantElements(of: pageList, named: "a").compactMap { link in
            let label = TextCleanup.singleLine(document.textContent(of: link))
            guard !label.isEmpty, let href = document[link].attribute("href"),
                  let target = ArchivePath.resolve(TextCleanup.trimmed(href), relativeTo: path) else { return nil }
            return RawTOCEntry(title: label, level: 1, target: target)
        }
    }

    /// The `pageTarget`s of the NCX's `pageList`.
    static func ncxPageList(_ document: MarkupDocument, path: String) -> [RawTOCEntry] {
        guard let root = document.rootElement,
              let pageList = document.firstDescendantElement(of: root, named: "pageList") else { return [] }
        return document.descendantElements(of: pageList, named: "pageTarget").compactMap { target in
            let children = document.childElements(of: target)
            let label = children.first { document[$0].name == "navLabel" }
                .flatMap { document.firstDescendantElement(of: $0, named: "text") }
                .map { TextCleanup.singleLine(document.textContent(of: $0)) } ?? ""
            guard !label.isEmpty,
                  let source = children.first(where: { document[$0].name == "content" }).flatMap({ document[$0].attribute("src") }),
                  let reference = ArchivePath.resolve(TextCleanup.trimmed(source), relativeTo: path) else { return nil }
            return RawTOCEntry(title: label, level: 1, target: reference)
        }
    }

    private static func navPoints(of parent: Int, in document: MarkupDocument) -> [Int] {
        document.childElements(of: parent).filter { document[$0].name == "navPoint" }
    }
}
