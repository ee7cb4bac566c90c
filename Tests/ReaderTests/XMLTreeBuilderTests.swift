import CLibXML2
import Foundation
@testable import Markup
import Testing
import ZipArchive

/// An XML document's nodes are built from the parser's events (`XMLTreeBuilder`), with no libxml2
/// tree: they must be the nodes libxml2's own tree gives, copied by `TreeConverter` as before.
/// Each document here is parsed both ways and compared node by node: hand-made ones at the edges
/// (entities, CDATA, comments between text, undeclared prefixes, attribute references, broken
/// markup, nesting past libxml2's bound), every XHTML, package and navigation document of the
/// samples and, when it is there, of the shared corpus.
struct XMLTreeBuilderTests {
    /// The former parse: libxml2's tree of the same prepared bytes, copied.
    private func throughLibxml2Tree(_ original: [UInt8]) -> [MarkupNode] {
        let input = PreparedInput(original)
        let bytes = EntityRewriter.rewrite(AttributeLimit.apply(input.bytes, syntax: .xml).bytes)
        var options = Markup.xmlOptions
        if input.encoding != nil { options |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32(clamping: $0.count), nil, input.encoding, options)
            }
        }
        defer { if let document { xmlFreeDoc(document) } }
        return TreeConverter.convert(document).nodes
    }

    /// Where the two parses of `bytes` first differ, or nil.
    private func difference(_ bytes: [UInt8]) -> String? {
        let built = Markup.parse(bytes, as: .xml).nodes
        let expected = throughLibxml2Tree(bytes)
        for (k, (a, b)) in zip(built, expected).enumerated() {
            let same = a.kind == b.kind && a.name == b.name && a.namespace == b.namespace && a.prefix == b.prefix
                && a.attributes == b.attributes && a.text == b.text && a.line == b.line && a.parent == b.parent
                && a.firstChild == b.firstChild && a.nextSibling == b.nextSibling && a.previousSibling == b.previousSibling
            if !same { return "node \(k): built \(a), libxml2's tree \(b)" }
        }
        return built.count == expected.count ? nil : "\(built.count) nodes built, \(expected.count) in libxml2's tree"
    }

    static let edgeCases: [String] = [
        // Text parted by a comment, a processing instruction, an element; joined across
        // character references and predefined entities.
        "<p>one <!-- c --> two <?pi x?> three <b>b</b> four &amp; &#233;&#x41; five &lt;</p>",
        // CDATA: adjacent sections are one node, an empty one is a node, text beside them is not.
        "<p>a<![CDATA[b]]><![CDATA[c]]>d<![CDATA[]]>e</p>",
        // Declared entities are left as references, never expanded, and part the text.
        #"<!DOCTYPE p [<!ENTITY e "ee"><!ENTITY f "&e;&e;<b>x</b>">]><p title="t &e; &amp; &#38; &lt;">a &e; b &f; c &e;</p>"#,
        // A billion laughs: each level ten of the one before.
        #"<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><l>&d;&d;&d;</l>"#,
        // Namespaces: default, prefixed, undeclared (conventional), attributes in each.
        #"<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body epub:type="x" xml:lang="fr"><svg:svg xlink:href="a"/><m:math/><q:r q:s="1"/></body></html>"#,
        // Attribute values: white space normalized, references in every form, an undefined entity.
        "<p a=\"x\ny\tz\" b='&#x26;&#38;&amp;&quot;&apos;&gt;' c=\"&undefined; after\" d=\"\">t</p>",
        // Broken markup, recovered: unclosed and mismatched tags, stray text after the root.
        "<html><body><p>one<b>two</p><i>three</body></html> tail <x/>",
        "<a><b><c>text</a>more",
        // A start tag libxml2 cannot finish is closed there, with no end event: what follows is
        // its parent's.
        #"<r><p>a<img src="x"alt=""/>b</p><p>c</p></r>"#,
        "<table><tr><td width=50>x</td><td>y</td></tr></table>",
        // Lines counted, text before and after the root left out.
        "<?xml version=\"1.0\"?>\n<!-- top -->\n<root>\n  <child\n    a=\"1\">x</child>\n</root>\n<!-- end -->\n",
        // Nesting past libxml2's bound of 256: the rest is left out.
        String(repeating: "<d>", count: 300) + "deep" + String(repeating: "</d>", count: 300),
        // Nothing at all, junk, a lone declaration.
        "", "junk", "<?xml version=\"1.0\"?>",
        // Not UTF-8: Latin-1 as declared.
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><p>caf\u{E9}</p>",
    ]

    @Test(arguments: edgeCases.indices)
    func edgeCaseNodesAreLibxml2Trees(_ index: Int) {
        var bytes = Array(Self.edgeCases[index].utf8)
        if Self.edgeCases[index].contains("ISO-8859-1") { bytes = Self.edgeCases[index].unicodeScalars.map { UInt8($0.value) } }
        let difference = difference(bytes)
        #expect(difference == nil, "case \(index): \(difference ?? "")")
    }

    @Test func theRepositorysSamplesBuildAsLibxml2Trees() throws {
        let samples = TestFiles.repository.appendingPathComponent("Samples")
        let files = try #require(FileManager.default.enumerator(atPath: samples.path)).compactMap { $0 as? String }
        var compared = 0
        for name in files where name.hasSuffix(".xhtml") {
            let bytes = Array(try Data(contentsOf: samples.appendingPathComponent(name)))
            #expect(difference(bytes) == nil, "\(name): \(difference(bytes) ?? "")")
            compared += 1
        }
        for name in files where name.hasSuffix(".epub") {
            compared += try compareEntries(of: samples.appendingPathComponent(name).path)
        }
        #expect(compared > 10)
    }

    @Test(.needsSharedCorpus) func everyCorpusDocumentBuildsAsLibxml2Trees() throws {
        var compared = 0
        for name in TestFiles.corpusBooks {
            compared += try compareEntries(of: try #require(TestFiles.corpusBook(name)))
        }
        #expect(compared > 100)
    }

    /// Compares every XML entry of the archive at `path`; gives how many there were.
    private func compareEntries(of path: String) throws -> Int {
        let archive = try ZipArchive(path: path)
        let kinds = [".xhtml", ".html", ".htm", ".opf", ".ncx", ".xml", ".svg"]
        var compared = 0
        for entry in archive.entryNames where kinds.contains(where: { entry.lowercased().hasSuffix($0) }) {
            let bytes = try archive.read(entry)
            let difference = difference(bytes)
            #expect(difference == nil, "\(path.split(separator: "/").last ?? "") \(entry): \(difference ?? "")")
            compared += 1
        }
        return compared
    }
}
