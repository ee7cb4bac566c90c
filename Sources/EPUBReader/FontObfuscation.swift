import Digest
import Markup
import XHTMLReader
import ZipArchive

/// The fonts `META-INF/encryption.xml` says are obfuscated, and how to restore them: a font a
/// renderer loads, or `--assets` writes for an app to register, must be the font itself.
///
/// - IDPF's algorithm (EPUB 3.3 OCF §4.4, `http://www.idpf.org/2008/embedding`): the first 1040
///   bytes are XORed with the SHA-1 of the package's unique identifier, white space (space,
///   tab, carriage return, line feed) taken out, its 20 bytes over and over.
/// - Adobe's (`http://ns.adobe.com/pdf/enc#RC`): the first 1024 bytes XORed with the 16 bytes of
///   the book's UUID identifier (`urn:uuid:…`, its hex digits), over and over.
/// An entry whose key the book does not give (no UUID for Adobe's) is left as it is.
struct FontObfuscation {
    enum Algorithm: Equatable {
        case idpf, adobe

        var name: String {
            switch self {
            case .idpf: "http://www.idpf.org/2008/embedding"
            case .adobe: "http://ns.adobe.com/pdf/enc#RC"
            }
        }

        /// How many of the font's first bytes are obfuscated.
        var length: Int {
            switch self {
            case .idpf: 1040
            case .adobe: 1024
            }
        }
    }

    /// The obfuscated entries by book path, and the key each algorithm takes.
    private(set) var algorithms: [String: Algorithm] = [:]
    private var keys: [Algorithm: [UInt8]] = [:]

    /// `identifier`: the package's unique identifier; `identifiers`: all of its `dc:identifier`s.
    init(encryption bytes: [UInt8]?, identifier: String?, identifiers: [String]) {
        if let identifier {
            let stripped = identifier.unicodeScalars.filter { !["\u{20}", "\u{09}", "\u{0D}", "\u{0A}"].contains($0) }
            keys[.idpf] = SHA1.digest(of: Array(String(String.UnicodeScalarView(stripped)).utf8))
        }
        if let uuid = (identifiers + [identifier].compactMap { $0 }).lazy.compactMap(Self.uuidBytes).first {
            keys[.adobe] = uuid
        }
        guard let bytes else { return }
        let document = Markup.parse(bytes, as: .xml)
        guard let root = document.rootElement else { return }
        for data in document.descendantElements(of: root, named: "EncryptedData") {
            let name = document.firstDescendantElement(of: data, named: "EncryptionMethod")
                .flatMap { document[$0].attribute("Algorithm") }
            guard let algorithm = [Algorithm.idpf, .adobe].first(where: { $0.name == name }),
                  let reference = document.firstDescendantElement(of: data, named: "CipherReference"),
                  let uri = document[reference].attribute("URI"),
                  let path = ArchivePath.resolve(TextCleanup.trimmed(uri), relativeTo: "")?.path else { continue }
            algorithms[path] = algorithm
        }
    }

    /// The obfuscation of the book in `archive`, described by `package`.
    init(archive: BookArchive, package: PackageDocument) {
        let path = "META-INF/encryption.xml"
        let bytes = archive.entry(for: path) == nil ? nil : try? archive.read(path)
        self.init(encryption: bytes, identifier: package.identifier, identifiers: package.identifiers)
    }

    /// `bytes`, the entry at `path`, restored when it is an obfuscated font whose key is known.
    func restore(_ bytes: [UInt8], path: String) -> [UInt8] {
        guard let algorithm = algorithms[path], let key = keys[algorithm], !key.isEmpty else { return bytes }
        var restored = bytes
        for index in 0..<min(algorithm.length, restored.count) {
            restored[index] ^= key[index % key.count]
        }
        return restored
    }

    /// The 16 bytes of `urn:uuid:` and 32 hex digits (dashes anywhere), or nil.
    static func uuidBytes(_ identifier: String) -> [UInt8]? {
        let text = TextCleanup.trimmed(identifier).lowercased()
        guard text.hasPrefix("urn:uuid:") else { return nil }
        let digits = Array(text.dropFirst("urn:uuid:".count).filter { $0 != "-" })
        guard digits.count == 32 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
