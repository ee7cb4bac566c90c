import BookModel
import Markup
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
            if case .limitExceeded = error { throw .limitExceeded(file: archive.path, reason: error.message) }
            throw .unreadable(file: archive.path, reason: "package document \(error.message)")
        }
        let document = Markup.parse(bytes, as: .xml)
        guard let root = document.rootElement, document[root].name == "package" else {
            let detail = document.problems.first.map { ": \($0)" } ?? ""
            throw .invalid(file: archive.path, reason: "the package document \(packagePath) could not be parsed\(detail)")
        }
        if !document.parsedCleanly {
            warnings.append(Warning(entry: packagePath, line: document.problems.first?.line,
                                    "malformed package document recovered: \(document.problems.first?.message ?? "")"))
        }
        let package = PackageDocument(document: document, path: packagePath, warnings: &warnings)
        if package.spine.isEmpty {
            let reason = package.spineReferenceCount == 0 ? "the spine lists no items"
                : "no spine item is in the manifest"
            throw .invalid(file: archive.path, reason: "\(reason) (\(package.path))")
        }
        return package
    }
}
