import Foundation

/// The hyphenation dictionaries installed in one directory (Debian's `hyphen-*` packages put
/// theirs in `/usr/share/hyphen`, named `hyph_<language>_<REGION>.dic`), and which one serves a
/// language. The choice depends only on the language tag and the files present, never on the
/// process's locale.
public struct HyphenationDictionaries: Sendable {
    /// Where Debian installs them.
    public static let systemDirectory = "/usr/share/hyphen"

    public let directory: String
    /// The dictionary files' names, sorted so the choice is the same on every run.
    private let names: [String]

    public init(directory: String = HyphenationDictionaries.systemDirectory) {
        self.directory = directory
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        names = listed.filter { $0.hasPrefix("hyph_") && $0.hasSuffix(".dic") }.sorted()
    }

    /// Each dictionary file's name, size and modification time, a line each: what decides the
    /// hyphens any book gets on this machine, for an output's provenance.
    public var listing: String {
        names.map { name -> String in
            var status = stat()
            guard stat(directory + "/" + name, &status) == 0 else { return name }
            return "\(name) \(status.st_size) \(status.st_mtim.tv_sec)"
        }.joined(separator: "\n")
    }

    /// The dictionary for a BCP 47 tag, most specific first: `hyph_en_GB.dic` for `en-GB`, then
    /// the language alone (`hyph_en.dic`), then its home region (`hyph_de_DE.dic` for `de`), then
    /// the first of its regions by name. Nil when the language has none.
    public func path(forLanguage tag: String) -> String? {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = subtags.first?.lowercased(), (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        // A region is two letters or three digits; a script (four letters) is skipped.
        let region = subtags.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        var candidates: [String] = []
        if let region { candidates.append("hyph_\(language)_\(region.uppercased()).dic") }
        candidates.append("hyph_\(language).dic")
        candidates.append("hyph_\(language)_\(language.uppercased()).dic")
        if let name = candidates.first(where: names.contains) ?? names.first(where: { $0.hasPrefix("hyph_\(language)_") }) {
            return directory + "/" + name
        }
        return nil
    }
}
