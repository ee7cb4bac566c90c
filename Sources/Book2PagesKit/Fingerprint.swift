import BookModel
import Digest
import FileNames
import Foundation
import PageFormat
import XHTMLReader

/// Digests that tell whether an output is still current: one of the input's bytes, one of the
/// options (and the tool's version) that shape the output.
enum Fingerprint {
    /// The most bytes read to fingerprint one input; past it, the input gets no fingerprint and
    /// is always converted again.
    static let maximumBytes = 1 << 30

    static func provenance(of input: BookInput, options: ConversionOptions) -> Provenance? {
        guard let input = digest(of: input) else { return nil }
        return Provenance(tool: "book2pages \(Book2Pages.version)", input: "sha256:" + input,
                          options: "sha256:" + digest(of: options))
    }

    /// Every option that shapes the output, as Swift describes the values, with the version.
    /// The read limits and `--strict` only decide whether there is an output, never what it
    /// holds, so they are left out: the same pages carry the same fingerprint.
    static func digest(of options: ConversionOptions) -> String {
        var shaping = options
        shaping.limits = ReadLimits()
        shaping.strict = false
        var hasher = SHA256()
        hasher.update("book2pages \(Book2Pages.version)\n\(String(reflecting: shaping))")
        return hasher.finalize()
    }

    /// The input's bytes: a file's, or every regular file under a folder (with its path, in
    /// sorted order), or what came on standard input.
    static func digest(of input: BookInput) -> String? {
        var hasher = SHA256()
        switch input {
        case .standardInput(let bytes, _):
            hasher.update(bytes)
        case .paths(let paths):
            var total = 0
            for path in paths {
                for file in files(under: path) {
                    // No fingerprint for what is not a regular file: the conversion refuses it.
                    guard let handle = try? LooseFile.open(file.absolute, named: file.relative) else { return nil }
                    defer { try? handle.close() }
                    hasher.update("\(file.relative)\n")
                    while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                        total += chunk.count
                        if total > maximumBytes { return nil }
                        chunk.withUnsafeBytes { hasher.update($0) }
                    }
                }
            }
        }
        return hasher.finalize()
    }

    private static func files(under path: String) -> [(relative: String, absolute: String)] {
        guard let kind = FileSystem.kind(of: path) else { return [] }
        guard kind == .directory else { return [((path as NSString).lastPathComponent, path)] }
        return FileSystem.subpaths(of: path).sorted().compactMap { name in
            let absolute = (path as NSString).appendingPathComponent(name)
            guard let kind = FileSystem.kind(of: absolute), kind != .directory else { return nil }
            return (name, absolute)
        }
    }
}
