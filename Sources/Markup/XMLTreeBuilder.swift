import CLibXML2
import ProcessMemory

/// Builds an XML document's `MarkupNode`s straight from libxml2's SAX2 events, so that no libxml2
/// tree is ever made: a tree of libxml2 nodes beside the copy of it took twice the memory (the
/// 4 MB package document of a 36,000-chapter book: 50 MB of libxml2 nodes on top of the copy) and
/// the time to build, walk and free it.
///
/// The nodes are the ones `TreeConverter` copies from the tree libxml2's own SAX2 handlers build:
/// adjacent characters of one kind (text, CDATA) joined into one node; an entity reference left
/// as a text node of its own, `&name;`, never expanded; a comment or processing instruction kept
/// out but still parting the text around it; an undeclared prefix taking its conventional
/// namespace; an attribute value read as libxml2's tree gives it. Entities declared in the
/// document are parsed by libxml2 on contexts of their own, which get libxml2's handlers, so their
/// content is built and checked once, as in a tree parse (a "billion laughs" stays cheap).
///
/// Where libxml2's tree builder did more than build, this does not: it kept an element's line
/// past 65,535 as 65,535 (then guessed it from a neighbour), gave up on a text node past 10 MB,
/// and checked `xml:id` values (an error for one repeated or not a name). Here the line is the
/// parser's own, the text is kept whole, and ids are not checked: those documents read as
/// parsed cleanly, with all their text.
///
/// A value the handlers reach through a pointer, not a class: a class's stored properties are
/// checked for exclusive access at run time, which took a tenth of the parse.
struct XMLTreeBuilder {
    private var nodes = NodeBlocks()
    private(set) var root: Int?
    /// The context whose events build the tree; events of any other (an entity's) go to libxml2.
    private let context: xmlParserCtxtPtr
    /// The open elements, innermost last, each with its last child so far (-1: none yet).
    private var open: [(index: Int32, lastChild: Int32)] = []
    /// Characters not yet made a node: the current element's text (or CDATA) node to come,
    /// which may still grow. libxml2 joins characters into the node before them when it is of
    /// their kind; every other event adds a node of its own between, so the characters gathered
    /// since the last event are one node.
    private var pending: [UInt8] = []
    private var pendingKind: MarkupNode.Kind?
    /// libxml2 interns names, prefixes and namespace URIs for the parse: each is made a `String`
    /// once, and equal ones share it.
    private var strings: [UnsafeRawPointer: String] = [:]
    /// Whether the parse was stopped because the process's memory went past its bound.
    private var stoppedPastTheBound = false

    private init(context: xmlParserCtxtPtr) {
        self.context = context
    }

    /// Runs `read`, a parse on `context`, with handlers that build the nodes, and gives them.
    static func build(on context: xmlParserCtxtPtr, read: () -> xmlDocPtr?) -> (nodes: [MarkupNode], root: Int?) {
        let builder = UnsafeMutablePointer<XMLTreeBuilder>.allocate(capacity: 1)
        builder.initialize(to: XMLTreeBuilder(context: context))
        defer {
            builder.deinitialize(count: 1)
            builder.deallocate()
        }
        install(on: context)
        context.pointee._private = UnsafeMutableRawPointer(builder)
        // The document libxml2 gives back holds no more than its DTD.
        let document = read()
        context.pointee._private = nil
        if let document { xmlFreeDoc(document) }
        return builder.pointee.finish()
    }

    private static func install(on context: xmlParserCtxtPtr) {
        guard let handlers = context.pointee.sax else { return }
        handlers.pointee.startElementNs = { ctx, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted,
                                            attributes in
            guard let builder = XMLTreeBuilder.builder(for: ctx) else {
                xmlSAX2StartElementNs(ctx, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes)
                Markup.stopIfPastTheBound(ctx?.assumingMemoryBound(to: xmlParserCtxt.self))
                return
            }
            builder.pointee.startElement(localName, prefix: prefix, uri: uri, attributes: attributes,
                                         count: Int(attributeCount - defaulted))
        }
        handlers.pointee.endElementNs = { ctx, localName, prefix, uri in
            guard let builder = XMLTreeBuilder.builder(for: ctx) else { return xmlSAX2EndElementNs(ctx, localName, prefix, uri) }
            builder.pointee.endElement()
        }
        // One function for both, so that libxml2 never asks whether white space is ignorable
        // (which looks at the tree it is not building).
        let characters: charactersSAXFunc = { ctx, bytes, length in
            guard let builder = XMLTreeBuilder.builder(for: ctx) else { return xmlSAX2Characters(ctx, bytes, length) }
            builder.pointee.characters(bytes, Int(length), kind: .text)
        }
        handlers.pointee.characters = characters
        handlers.pointee.ignorableWhitespace = characters
        handlers.pointee.cdataBlock = { ctx, bytes, length in
            guard let builder = XMLTreeBuilder.builder(for: ctx) else { return xmlSAX2CDataBlock(ctx, bytes, length) }
            builder.pointee.characters(bytes, Int(length), kind: .cdata)
        }
        handlers.pointee.reference = { ctx, name in
            guard let builder = XMLTreeBuilder.builder(for: ctx) else { return xmlSAX2Reference(ctx, name) }
            builder.pointee.reference(name)
        }
        // A comment or processing instruction is not kept, but parts the text on either side.
        handlers.pointee.comment = { ctx, text in
            guard let builder = XMLTreeBuilder.builder(for: ctx) else { return xmlSAX2Comment(ctx, text) }
            builder.pointee.keepDepth()
            builder.pointee.flushText()
        }
        handlers.pointee.processingInstruction = { ctx, target, data in
            guard let builder = XMLTreeBuilder.builder(for: ctx) else { return xmlSAX2ProcessingInstruction(ctx, target, data) }
            builder.pointee.keepDepth()
            builder.pointee.flushText()
        }
    }

    /// The builder of the parse `ctx` belongs to, when `ctx` is that parse's own context.
    private static func builder(for ctx: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<XMLTreeBuilder>? {
        guard let ctx else { return nil }
        let context = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let builder = context.pointee._private?.assumingMemoryBound(to: XMLTreeBuilder.self),
              builder.pointee.context == context else { return nil }
        return builder
    }

    /// The nodes once the parse is over.
    /// None when the parse was stopped past the memory bound: the conversion is refused, and
    /// joining them would hold them twice over for a moment.
    private mutating func finish() -> (nodes: [MarkupNode], root: Int?) {
        if stoppedPastTheBound { return ([], nil) }
        flushText()
        return (nodes.joined(), root)
    }

    // MARK: - Events

    private mutating func startElement(_ localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?,
                              uri: UnsafePointer<xmlChar>?, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                              count: Int) {
        keepDepth()
        flushText()
        let line = Int(context.pointee.input?.pointee.line ?? 0)
        let name = qualifiedName(localName, prefix: prefix, uri: uri)
        var kept: [MarkupAttribute] = []
        if let attributes, count > 0 {
            kept.reserveCapacity(count)
            for k in 0..<count {
                let field = attributes + 5 * k
                let (attributePrefix, attributeName, namespace) = qualifiedName(field[0], prefix: field[1], uri: field[2])
                kept.append(MarkupAttribute(name: attributeName, namespace: namespace, prefix: attributePrefix,
                                            value: Self.attributeValue(from: field[3], to: field[4])))
            }
        }
        append(MarkupNode(kind: .element, name: name.name, namespace: name.namespace, prefix: name.prefix,
                          attributes: kept, line: line, parent: open.last?.index ?? -1))
        let index = Int32(nodes.count - 1)
        if open.isEmpty, root == nil { root = Int(index) }
        open.append((index, -1))
        stopIfPastTheBound()
    }

    private mutating func endElement() {
        keepDepth()
        flushText()
        _ = open.popLast()
    }

    /// libxml2 may close an element without an event: a start tag it could not finish
    /// (`<img src="a"alt="">`) is ended where it stops, its element left with no children. The
    /// open elements follow its own count of them, which every event is sent within.
    private mutating func keepDepth() {
        let depth = max(Int(context.pointee.nameNr), 0)
        guard open.count > depth else { return }
        flushText()
        open.removeLast(open.count - depth)
    }

    private mutating func characters(_ bytes: UnsafePointer<xmlChar>?, _ length: Int, kind: MarkupNode.Kind) {
        // Characters outside the root element have no node to go to.
        keepDepth()
        // An empty CDATA section is a node all the same.
        guard !open.isEmpty else { return }
        if pendingKind != kind { flushText() }
        pendingKind = kind
        if let bytes, length > 0 { pending.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length)) }
        // One text of tens of megabytes grows here with no element to stop at.
        stopIfPastTheBound()
    }

    /// Stops the parse once the process's memory is past its bound: its nodes are then not given.
    private mutating func stopIfPastTheBound() {
        if Markup.stopIfPastTheBound(context) { stoppedPastTheBound = true }
    }

    private mutating func reference(_ name: UnsafePointer<xmlChar>?) {
        keepDepth()
        guard !open.isEmpty else { return }
        flushText()
        append(MarkupNode(kind: .text, text: "&\(Self.string(name));", parent: open[open.count - 1].index))
    }

    // MARK: - Building

    private mutating func append(_ node: MarkupNode) {
        var node = node
        let index = Int32(nodes.count)
        if let parent = open.last {
            if parent.lastChild >= 0 {
                nodes[parent.lastChild].nextSiblingLink = index
                node.previousSiblingLink = parent.lastChild
            } else {
                nodes[parent.index].firstChildLink = index
            }
            open[open.count - 1].lastChild = index
        }
        nodes.append(node)
    }

    /// Makes the characters gathered a node.
    private mutating func flushText() {
        guard let kind = pendingKind else { return }
        pendingKind = nil
        // Read up to a zero byte, as `TreeConverter` reads libxml2's text.
        pending.append(0)
        let text = pending.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // The room of a long text is not kept for the short ones after it.
        pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
        append(MarkupNode(kind: kind, text: text, parent: open[open.count - 1].index))
    }

    // MARK: - Names and values

    private mutating func interned(_ pointer: UnsafePointer<xmlChar>) -> String {
        let key = UnsafeRawPointer(pointer)
        if let known = strings[key] { return known }
        let made = String(cString: pointer)
        strings[key] = made
        return made
    }

    /// Prefix, local name and namespace, as `TreeConverter` reads them from libxml2's tree: an
    /// undeclared prefix is part of the name there, and takes its conventional namespace.
    private mutating func qualifiedName(_ localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?,
                               uri: UnsafePointer<xmlChar>?) -> (prefix: String?, name: String, namespace: String?) {
        let local = localName.map { interned($0) } ?? ""
        let prefixName = prefix.map { interned($0) }
        if let uri { return (prefixName, local, interned(uri)) }
        let name = prefixName.map { "\($0):\(local)" } ?? local
        return TreeConverter.splitPrefix(of: name)
    }

    /// An attribute's value as libxml2 hands it to SAX2 handlers: with no reference in it, the
    /// text itself; otherwise each `&` of the text written `&#38;` and each reference to an
    /// entity left as it stands, which libxml2's tree then reads back (`xmlStringLenGetNodeList`):
    /// character references decoded, the five predefined entities too, others kept as `&name;`.
    static func attributeValue(from start: UnsafePointer<xmlChar>?, to end: UnsafePointer<xmlChar>?) -> String {
        guard let start, let end, end > start else { return "" }
        let raw = UnsafeBufferPointer(start: start, count: end - start)
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var value: [UInt8] = []
        value.reserveCapacity(raw.count)
        var k = 0
        while k < raw.count {
            guard raw[k] == UInt8(ascii: "&"), let semicolon = raw[(k + 1)...].firstIndex(of: UInt8(ascii: ";")) else {
                value.append(raw[k])
                k += 1
                continue
            }
            let name = raw[(k + 1)..<semicolon]
            if name.first == UInt8(ascii: "#") {
                if let scalar = characterReference(name.dropFirst()) { value.append(contentsOf: String(scalar).utf8) }
            } else if let predefined = predefinedEntities[String(decoding: name, as: UTF8.self)] {
                value.append(predefined)
            } else {
                value.append(contentsOf: raw[k...semicolon])
            }
            k = semicolon + 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    private static let predefinedEntities: [String: UInt8] = [
        "amp": UInt8(ascii: "&"), "lt": UInt8(ascii: "<"), "gt": UInt8(ascii: ">"),
        "quot": UInt8(ascii: "\""), "apos": UInt8(ascii: "'"),
    ]

    /// `38` or `x26`: the character, nil for none (libxml2 then leaves it out).
    private static func characterReference(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
        var text = String(decoding: digits, as: UTF8.self)
        var radix = 10
        if text.first == "x" {
            text.removeFirst()
            radix = 16
        }
        guard let value = UInt32(text, radix: radix), value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

/// A document's nodes as they are built, in blocks of a fixed size: a list grown by doubling
/// jumps by as much as it holds, past the memory bound between two of the memory watch's
/// samples, and keeps up to twice the room it needs; blocks grow the memory a little at a time,
/// and the parse stops at its next element once the watch finds it past the bound.
private struct NodeBlocks {
    private static let shift = 14
    private static let blockSize = 1 << shift
    private var blocks: [[MarkupNode]] = []
    private(set) var count = 0

    mutating func append(_ node: MarkupNode) {
        if count & (Self.blockSize - 1) == 0 {
            var block: [MarkupNode] = []
            // The first block grows as a small document needs; the others are full at once.
            if !blocks.isEmpty { block.reserveCapacity(Self.blockSize) }
            blocks.append(block)
        }
        blocks[blocks.count - 1].append(node)
        count += 1
    }

    subscript(index: Int32) -> MarkupNode {
        get { blocks[Int(index) >> Self.shift][Int(index) & (Self.blockSize - 1)] }
        _modify { yield &blocks[Int(index) >> Self.shift][Int(index) & (Self.blockSize - 1)] }
    }

    /// The nodes in one list of their exact size, each block handed back to the system once it
    /// is copied, so that the nodes are held little more than once.
    mutating func joined() -> [MarkupNode] {
        if blocks.count <= 1 { return blocks.popLast() ?? [] }
        return PromptRelease.during {
            var all: [MarkupNode] = []
            all.reserveCapacity(count)
            for index in blocks.indices {
                all += blocks[index]
                blocks[index] = []
            }
            blocks = []
            return all
        }
    }
}
