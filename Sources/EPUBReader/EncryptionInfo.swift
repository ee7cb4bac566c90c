import Markup
import XHTMLReader
import ZipArchive

/// Which entries `META-INF/encryption.xml` says are encrypted. Font obfuscation (IDPF's and
/// Adobe's) is not encryption of the text and is left out; anything else is DRM, and such a
/// document reads as noise, so it is skipped rather than shown.
enum EncryptionInfo {
    static func encryptedPaths(in archive: BookArchive) -> Set<String> {
        guard archive.entry(for: "META-INF/encryption.xml") != nil,
              let bytes = try? archive.read("META-INF/encryption.xml") else { return [] }
        let document = Markup.parse(bytes, as: .xml)
        guard let root = document.rootElement else { return [] }
        var paths: Set<String> = []
        for data in document.descendantElements(of: root, named: "EncryptedData") {
            let algorithm = document.firstDescendantElement(of: data, named: "EncryptionMethod")
                .flatMap { document[$0].attribute("Algorithm") } ?? ""
            if fontObfuscation.contains(algorithm) { continue }
            guard let reference = document.firstDescendantElement(of: data, named: "CipherReference"),
                  let uri = document[reference].attribute("URI"),
                  let path = ArchivePath.resolve(TextCleanup.trimmed(uri), relativeTo: "")?.path else { continue }
            paths.insert(path)
        }
        return paths
    }

    private static let fontObfuscation: Set<String> = [
        "http://www.idpf.org/2008/embedding",
        "http://ns.adobe.com/pdf/enc#RC",
    ]
}
