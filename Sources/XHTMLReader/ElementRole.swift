import BookModel
import CSS
import Markup

/// What an (X)HTML element means to the reader. Elements it doesn't know are inline and
/// transparent, as browsers treat them: their text is read, in the surrounding style.
enum ElementRole: Equatable {
    /// Not text: the element and everything in it are left out.
    case skipped
    /// Text-level markup: its content flows on, with this style added.
    case inline(TextStyle)
    case link
    case lineBreak
    /// `q`: its text between quotation marks, as browsers show it.
    case quotation
    /// `ruby`: text with readings (`rt`) beside it, each over the base text before it or over
    /// the `rb` it pairs with (`Inline.ruby`).
    case ruby
    /// `rb`: one base of a ruby, which the next unpaired reading annotates.
    case rubyBase
    /// `rt` and `rtc`: a ruby reading, taken out of the flow onto its base. Outside a `ruby`
    /// it is read as text in parentheses, as a reader without ruby support shows it.
    case rubyText
    /// `rp`: the parentheses a reader without ruby support shows around a reading; left out
    /// inside a `ruby`, where the reading is set beside its base.
    case rubyParenthesis
    /// `math`: a MathML formula, read whole onto the run of its text (`Inline.formula`,
    /// `FormulaReader`); its text flows on as text-level markup's does.
    case math
    /// A block-level box with no meaning of its own (`div`, `section`, `body`…): it ends the
    /// paragraph before it and the one inside it, and is otherwise transparent.
    case container
    case paragraph
    case heading(level: Int)
    case preformatted
    case list(ordered: Bool)
    case listItem
    case quote
    /// `dt`: read as a paragraph of its own, in bold.
    case definitionTerm
    /// `dd`: read as an indented block, like a quote, so the definition stands under its term.
    case definitionDescription
    case table
    /// `thead`, `tbody`, `tfoot`: a group of the table's rows; a `thead`'s cells are header cells.
    case tableGroup(TableRowGroup.Kind)
    /// `colgroup`: columns, its own or its `col`s'.
    case tableColumnGroup
    /// `col`.
    case tableColumn
    case tableRow
    case tableCell(header: Bool)
    case tableCaption
    case rule
    case image
    /// `svg`: only its `image` elements are read; its text (`title`, `desc`) is not.
    case svg
    /// `video`, `audio`, `object`, `embed`, `iframe`, `canvas`: their fallback content, else a
    /// line naming them (`UnshownMedia`).
    case media(MediaKind)

    /// Whether the element's border, padding and background may make a box around what it
    /// shows (`BlockBox`): a block of text, a quotation, a list or an item, a container. Not a
    /// table or its parts, which draw their own grid, nor a rule or a picture.
    var mayDrawBox: Bool {
        switch self {
        case .paragraph, .heading, .preformatted, .definitionTerm, .list, .listItem, .quote, .definitionDescription,
             .container: true
        default: false
        }
    }

    /// A table's parts draw their backgrounds as boxes of their own (`FlatTable`), under the text.
    var drawsItsBackground: Bool {
        switch self {
        case .table, .tableGroup, .tableRow, .tableCell, .tableCaption, .tableColumn, .tableColumnGroup: true
        default: false
        }
    }

    static func of(_ node: MarkupNode) -> ElementRole {
        let name = node.name.lowercased()
        if node.namespace == Namespace.ops {
            // `epub:switch` shows its `epub:default` to a reading system that knows no `epub:case`.
            return name == "case" ? .skipped : .container
        }
        if let role = roles[name] { return role }
        return .inline([])
    }

    private static let roles: [String: ElementRole] = {
        var roles: [String: ElementRole] = [:]
        for name in ["head", "title", "script", "style", "template", "noembed", "meta", "link",
                     "base", "param", "source", "track", "area", "map", "annotation", "annotation-xml",
                     "datalist", "dialog"] {
            roles[name] = .skipped
        }
        for name in ["html", "body", "div", "section", "article", "aside", "header", "footer", "figure",
                     "figcaption", "main", "nav", "address", "details", "summary", "center", "hgroup",
                     "fieldset", "legend", "form", "dl", "noscript", "search",
                     "frameset", "multicol"] {
            roles[name] = .container
        }
        for name in ["em", "i", "cite", "dfn", "var"] { roles[name] = .inline(.italic) }
        for name in ["strong", "b"] { roles[name] = .inline(.bold) }
        for name in ["code", "kbd", "samp", "tt"] { roles[name] = .inline(.code) }
        for name in ["s", "strike", "del"] { roles[name] = .inline(.strikethrough) }
        for name in ["u", "ins"] { roles[name] = .inline(.underline) }
        roles["sup"] = .inline(.superscript)
        roles["sub"] = .inline(.subscript)
        roles["a"] = .link
        roles["q"] = .quotation
        roles["ruby"] = .ruby
        roles["rb"] = .rubyBase
        roles["rt"] = .rubyText
        roles["rtc"] = .rubyText
        roles["rp"] = .rubyParenthesis
        roles["math"] = .math
        roles["br"] = .lineBreak
        roles["p"] = .paragraph
        for level in 1...6 { roles["h\(level)"] = .heading(level: level) }
        for name in ["pre", "listing", "xmp", "plaintext"] { roles[name] = .preformatted }
        roles["ol"] = .list(ordered: true)
        for name in ["ul", "menu", "dir"] { roles[name] = .list(ordered: false) }
        roles["li"] = .listItem
        roles["blockquote"] = .quote
        roles["dt"] = .definitionTerm
        roles["dd"] = .definitionDescription
        roles["table"] = .table
        roles["thead"] = .tableGroup(.header)
        roles["tbody"] = .tableGroup(.body)
        roles["tfoot"] = .tableGroup(.footer)
        roles["colgroup"] = .tableColumnGroup
        roles["col"] = .tableColumn
        roles["tr"] = .tableRow
        roles["td"] = .tableCell(header: false)
        roles["th"] = .tableCell(header: true)
        roles["caption"] = .tableCaption
        roles["hr"] = .rule
        roles["img"] = .image
        roles["svg"] = .svg
        for kind in MediaKind.allCases { roles[kind.rawValue] = .media(kind) }
        return roles
    }()

    /// The role CSS's `display: table…` gives an element of role `role`: a `div` set
    /// `display: table-cell` reads as a cell. Only elements with no meaning of their own, and
    /// table elements, take it.
    static func role(_ role: ElementRole, display: TableDisplay?) -> ElementRole {
        guard let display else { return role }
        switch role {
        case .container, .inline, .paragraph, .table, .tableGroup, .tableRow, .tableCell, .tableCaption,
             .tableColumn, .tableColumnGroup:
            break
        default:
            return role
        }
        switch display {
        case .table: return .table
        case .row: return .tableRow
        case .cell:
            if case .tableCell = role { return role }
            return .tableCell(header: false)
        case .rowGroup: return .tableGroup(.body)
        case .headerGroup: return .tableGroup(.header)
        case .footerGroup: return .tableGroup(.footer)
        case .caption: return .tableCaption
        case .column: return .tableColumn
        case .columnGroup: return .tableColumnGroup
        }
    }

    /// True for an element whose content is not shown by its `hidden` attribute (`display:
    /// none` is the CSS cascade's to say).
    static func isHidden(_ node: MarkupNode) -> Bool {
        node.attribute("hidden") != nil
    }
}
