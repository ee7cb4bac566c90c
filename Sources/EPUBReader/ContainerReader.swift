import BookModel
import Markup
import XHTMLReader
import ZipArchive

/// Finds the package document: `META-INF/container.xml`'s first OEBPS `rootfile` that is in the
/// archive, else (with a warning) the first `.opf` entry, as calibre and crengine do.
enum ContainerReader {
    static let containerPath = "META-INF/container.xml"

    static func packagePath(in archive: BookArchive, warnings: inout [Warning]) throws(ReadError) -> String {
        let problem: String
        if archive.entry(for: containerPath) == nil {
            problem = "is missing"
        } else if let bytes = try? archive.read(containerPath) {
            let document = Markup.parse(bytes, as: .xml)
            let candidates = rootfiles(in: document)
            if let found = candidates.first(where: { archive.entry(for: $0) != nil }) { return found }
            problem = candidates.isEmpty ? "names no package document" : "names \(candidates[0]), which is not in the archive"
        } else {
            try archive.checkLimits()
            problem = "could not be read"
        }
        guard let opf = archive.entryPaths.first(where: { $0.lowercased().hasSuffix(".opf") }) else {
            throw .invalid(file: archive.path, reason: "no package document: \(containerPath) \(problem), and there is no .opf file")
        }
        warnings.append(Warning(entry: containerPath, "\(problem); using \(opf)"))
        return opf
    }

    private static func rootfiles(in document: MarkupDocument) -> [String] {
        guard let root = document.rootElement else { return [] }
        let elements = document.descendantElements(of: root, named: "rootfile")
        let packages = elements.filter { index in
            let type = document[index].attribute("media-type")?.lowercased()
            return type == nil || type == "application/oebps-package+xml"
        }
        return (packages.isEmpty ? elements : packages).compactMap { index in
            document[index].attribute("full-path").flatMap { ArchivePath.resolve(TextCleanup.trimmed($0), relativeTo: "")?.path }
        }
    }
}
