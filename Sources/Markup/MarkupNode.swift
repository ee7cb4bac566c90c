/// One node of a `MarkupDocument`: an element, or a piece of text. Comments, processing
/// instructions and the doctype are not kept.
public struct MarkupNode: Sendable {
    public enum Kind: Sendable, Equatable {
        case element
        case text
        /// A `<![CDATA[…]]>` section: text that was not parsed as markup.
        case cdata
    }

    public let kind: Kind
    /// An element's local name as written (`html`, `navPoint`, `type`); empty for text.
    public let name: String
    /// The namespace URI of an element, when it has one (see `Namespace`).
    public let namespace: String?
    public let prefix: String?
    public let attributes: [MarkupAttribute]
    /// The characters of a text or CDATA node; empty for elements.
    public let text: String
    /// The line of the source where an element starts (0 when unknown).
    public let line: Int

    // Int32 links with -1 for "none" keep the node small; the public view is optional Ints.
    let parentLink: Int32
    var firstChildLink: Int32 = -1
    var nextSiblingLink: Int32 = -1
    var previousSiblingLink: Int32 = -1

    init(kind: Kind, name: String = "", namespace: String? = nil, prefix: String? = nil,
         attributes: [MarkupAttribute] = [], text: String = "", line: Int = 0, parent: Int32) {
        self.kind = kind
        self.name = name
        self.namespace = namespace
        self.prefix = prefix
        self.attributes = attributes
        self.text = text
        self.line = line
        self.parentLink = parent
    }

    public var parent: Int? { parentLink < 0 ? nil : Int(parentLink) }
    public var firstChild: Int? { firstChildLink < 0 ? nil : Int(firstChildLink) }
    public var nextSibling: Int? { nextSiblingLink < 0 ? nil : Int(nextSiblingLink) }
    public var previousSibling: Int? { previousSiblingLink < 0 ? nil : Int(previousSiblingLink) }

    /// The value of an attribute by local name; with `namespace`, only an attribute in that
    /// namespace matches, without it only one in no namespace (`href`, `id`).
    public func attribute(_ localName: String, namespace: String? = nil) -> String? {
        attributes.first { $0.name == localName && $0.namespace == namespace }?.value
    }
}

/// An attribute with its namespace, so `epub:type`, `xml:lang` and `xlink:href` can be told from
/// plain `type`, `lang` and `href`.
public struct MarkupAttribute: Sendable, Equatable {
    public let name: String
    public let namespace: String?
    public let prefix: String?
    public let value: String

    public init(name: String, namespace: String? = nil, prefix: String? = nil, value: String) {
        self.name = name
        self.namespace = namespace
        self.prefix = prefix
        self.value = value
    }
}
