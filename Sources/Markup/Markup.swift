import CLibXML2
import ProcessMemory

/// Parses XML and HTML with libxml2, safely: no network, no DTD loading, no entity expansion,
/// HTML entities rewritten before the XML parser sees them.
public enum Markup {
    /// The most attributes a start tag keeps; the rest are left out before parsing, with a
    /// warning (`MarkupDocument.attributeProblem`). libxml2 compares each attribute with every
    /// earlier one of its element, so 200 000 of them cost minutes; at this bound a document
    /// made of nothing but such tags still parses in a fraction of a second per megabyte. Books
    /// give an element a handful (an SVG shape a few dozen); the bound matches libxml2's own one
    /// on nesting.
    public static let maximumAttributes = 256

    /// Which parser to use.
    public enum SyntaxChoice: Sendable {
        /// XML only (package documents, NCX, container.xml: their names are case-sensitive).
        case xml
        /// HTML only.
        case html
        /// XML when the document is well-formed. Otherwise HTML too: for a document that is
        /// clearly HTML (no XML declaration, an `<html>` tag with no `xmlns`) the HTML tree wins;
        /// for XHTML, whichever tree held on to more of the text (XML's recovery gives up early
        /// on a badly broken file, HTML's rarely does).
        case automatic
    }

    public static func parse(_ bytes: [UInt8], as choice: SyntaxChoice = .automatic) -> MarkupDocument {
        _ = initializeLibxml2
        let input = PreparedInput(bytes)
        var document = parse(input, as: choice)
        document.encodingProblem = input.encodingProblem
        return document
    }

    private static func parse(_ input: PreparedInput, as choice: SyntaxChoice) -> MarkupDocument {
        switch choice {
        case .xml:
            return parseXML(input)
        case .html:
            return parseHTML(input)
        case .automatic:
            let xml = parseXML(input)
            if xml.parsedCleanly, xml.rootElement != nil { return xml }
            let html = parseHTML(input)
            if input.looksLikeHTML { return html }
            let xmlText = xml.significantTextLength, htmlText = html.significantTextLength
            // More than 1% more text: the HTML tree holds what XML's recovery dropped.
            guard xml.rootElement == nil || htmlText * 100 > xmlText * 101 else { return xml }
            // The problems worth reporting are the XML ones: they say what is wrong with the file.
            var merged = MarkupDocument(nodes: html.nodes, rootElement: html.rootElement, syntax: .html,
                                        problems: xml.problems, problemCount: max(xml.problemCount, 1))
            merged.attributeProblem = html.attributeProblem
            return merged
        }
    }

    /// True when `parse` reads these bytes as UTF-16: they start with a byte-order mark, or
    /// with `<` and an ASCII character in UTF-16. Such text is full of zero bytes, so a check
    /// for binary data must ask this first.
    public static func isUTF16(_ bytes: [UInt8]) -> Bool {
        PreparedInput.utf16Layout(bytes) != nil
    }

    private static let initializeLibxml2: Void = { xmlInitParser() }()

    /// No network, no DTD, no entity substitution; recover from errors and report them to us
    /// rather than to stderr. Big line numbers so warnings name the right line in long chapters.
    static let xmlOptions = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_BIG_LINES.rawValue)
    private static let htmlOptions = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NODEFDTD.rawValue)

    private static func parseXML(_ input: PreparedInput) -> MarkupDocument {
        let limited = AttributeLimit.apply(input.bytes, syntax: .xml)
        let bytes = EntityRewriter.rewrite(limited.bytes)
        var options = xmlOptions
        if input.encoding != nil { options |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
        var document = withProblemCollector(syntax: .xml) {
            guard let context = xmlNewParserCtxt() else { return ([], nil) }
            defer { xmlFreeParserCtxt(context) }
            return XMLTreeBuilder.build(on: context) {
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        xmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), nil, input.encoding, options)
                    }
                }
            }
        }
        document.attributeProblem = limited.problem
        return document
    }

    private static func parseHTML(_ input: PreparedInput) -> MarkupDocument {
        var options = htmlOptions
        let encoding = input.encoding ?? (input.isValidUTF8 ? "UTF-8" : nil)
        if encoding != nil { options |= Int32(HTML_PARSE_IGNORE_ENC.rawValue) }
        let limited = AttributeLimit.apply(input.bytes, syntax: .html)
        var document = withProblemCollector(syntax: .html) {
            guard let context = htmlNewParserCtxt() else { return ([], nil) }
            defer { htmlFreeParserCtxt(context) }
            stopsPastTheMemoryBound(context)
            let document = limited.bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    htmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), nil, encoding, options)
                }
            }
            defer { if let document { xmlFreeDoc(document) } }
            return TreeConverter.convert(document)
        }
        document.attributeProblem = limited.problem
        return document
    }

    /// Makes the HTML parse stop at the next element once the process's memory is past its bound:
    /// a document within the entry-size limit can make a tree of several gigabytes (120 bytes a
    /// node, a node for every 4 bytes of `<b/>`). Each context has its own copy of the handlers,
    /// and the parser calls them on its own thread, where stopping it is safe. (`XMLTreeBuilder`
    /// stops an XML parse so.)
    private static func stopsPastTheMemoryBound(_ context: xmlParserCtxtPtr) {
        guard let handlers = context.pointee.sax else { return }
        handlers.pointee.startElement = { context, name, attributes in
            xmlSAX2StartElement(context, name, attributes)
            Markup.stopIfPastTheBound(context?.assumingMemoryBound(to: xmlParserCtxt.self))
        }
    }

    /// Stops the parse on `context` when the process's memory is past its bound; whether it did.
    /// Called by the parse's own handlers, on its thread, where stopping it is safe.
    @discardableResult
    static func stopIfPastTheBound(_ context: xmlParserCtxtPtr?) -> Bool {
        guard MemoryWatch.isOver else { return false }
        xmlStopParser(context)
        return true
    }

    /// Runs a parse, which gives its nodes, with libxml2's structured error handler pointed at a
    /// collector. The handler is per thread in libxml2, so parses on other threads don't see it.
    private static func withProblemCollector(syntax: MarkupDocument.Syntax,
                                             parse: () -> (nodes: [MarkupNode], root: Int?)) -> MarkupDocument {
        let collector = ProblemCollector(syntax: syntax)
        let unmanaged = Unmanaged.passRetained(collector)
        xmlSetStructuredErrorFunc(unmanaged.toOpaque()) { context, error in
            guard let context, let error else { return }
            Unmanaged<ProblemCollector>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }
        let tree = parse()
        xmlSetStructuredErrorFunc(nil, nil)
        unmanaged.release()
        return MarkupDocument(nodes: tree.nodes, rootElement: tree.root, syntax: syntax,
                              problems: collector.problems, problemCount: collector.count)
    }
}

/// Gathers the first few errors of one parse.
private final class ProblemCollector {
    let syntax: MarkupDocument.Syntax
    var problems: [MarkupProblem] = []
    var count = 0

    init(syntax: MarkupDocument.Syntax) { self.syntax = syntax }

    func record(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        // HTML5 elements (section, nav, aside) are "invalid" to libxml2's HTML 4 parser: noise.
        if syntax == .html, error.code == Int32(XML_HTML_UNKNOWN_TAG.rawValue) { return }
        // Namespace complaints (an undeclared `epub:` prefix) leave the tree whole.
        if error.domain == Int32(XML_FROM_NAMESPACE.rawValue) { return }
        count += 1
        guard problems.count < 5 else { return }
        // Some messages go on over a second line (the bytes that failed to decode): keep one.
        var message = error.message.map { String(cString: $0) } ?? "unknown error"
        message = String(message.prefix { $0 != "\n" && $0 != "\r" })
        while message.last?.isWhitespace == true { message.removeLast() }
        if message.hasPrefix("Excessive depth") {
            // libxml2 stops at 256 levels to protect its own stack; HUGE would lift that, and
            // more, so the rest of such a document is lost instead.
            message = "elements nested more than 256 deep; the rest of the document is left out"
        }
        problems.append(MarkupProblem(line: Int(error.line), message: message))
    }
}

extension MarkupDocument {
    /// How much non-space text the tree holds, to compare two parses of one file. Script and
    /// style text doesn't count: an HTML parser that took `<script/>` as an open element holds
    /// the rest of the document there.
    var significantTextLength: Int {
        var length = 0
        for node in nodes where node.kind != .element {
            if let parent = node.parent, ["script", "style"].contains(nodes[parent].name.lowercased()) { continue }
            for byte in node.text.utf8 where byte > 0x20 { length += 1 }
        }
        return length
    }
}
