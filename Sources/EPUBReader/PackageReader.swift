import BookModel
import Markup
import XHTMLReader
import ZipArchive

/// Finds, reads and parses the package document. A package that can't be read or parsed, or
/// whose spine names nothing in the manifest, leaves nothing to show, so it ends the read;
/// markup the parser recovered from is only a warning.
enum PackageReader {
    static func read(from archive: BookArchive, warnings: inout [Warning]) throws(ReadError) -> PackageDocument {
        let packagePath = try ContainerReader.packagePath(in: archive, warnings: &warnings)
        let bytes: [UInt8]
        do {
            bytes = try archive.read(packagePath)
        } catch {
            try archive.checkLimits()
            throw .unreadable(file: archive.path, reason: "\(packagePath): the package document can't be read (\(error.reason))")
        }
        let document = Markup.parse(bytes, as: .xml)
        guard let root = document.rootElement, document[root].name == "package" else {
            let place = document.problems.first.map { "\(packagePath):\($0.line)" } ?? packagePath
            let detail = document.problems.first.map { " (\($0.message))" } ?? ""
            throw .invalid(file: archive.path, reason: "\(place): not a package document\(detail)")
        }
        for problem in [document.encodingProblem, document.attributeProblem].compactMap({ $0 }) {
            warnings.append(Warning(entry: packagePath, line: problem.line, problem.message))
        }
        if !document.parsedCleanly {
            warnings.append(Warning(entry: packagePath, line: document.problems.first?.line,
                                    "malformed package document recovered: \(document.problems.first?.message ?? "")"))
        }
        var package = PackageDocument(document: document, path: packagePath, warnings: &warnings)
        if !package.saysLayout, appleFixedLayout(in: archive) { package.isPrePaginated = true }
        if package.spine.isEmpty {
            var reason = package.spineReferenceCount == 0 ? "lists no items in its spine" : "names no manifest item in its spine"
            // A parse that gave up early (nesting past libxml2's bound, say) is the likely cause.
            if let problem = document.problems.first { reason += " (line \(problem.line): \(problem.message))" }
            throw .invalid(file: archive.path, reason: "\(packagePath): \(reason)")
        }
        return package
    }

    /// Apple's `META-INF/com.apple.ibooks.display-options.xml` asks for `fixed-layout`: how books
    /// made for iBooks before EPUB 3's rendition properties say they are pre-paginated.
    private static func appleFixedLayout(in archive: BookArchive) -> Bool {
        let path = "META-INF/com.apple.ibooks.display-options.xml"
        guard archive.entry(for: path) != nil, let bytes = try? archive.read(path) else { return false }
        let document = Markup.parse(bytes, as: .xml)
        guard let root = document.rootElement else { return false }
        return document.descendantElements(of: root, named: "option").contains { index in
            document[index].attribute("name") == "fixed-layout"
                && TextCleanup.trimmed(document.textContent(of: index)).lowercased() == "true"
        }
    }
}
