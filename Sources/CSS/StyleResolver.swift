/// The cascade for one document: its stylesheets in order (linked and `<style>`, as they appear),
/// then each element's `style` attribute. For each property the winner is the declaration that
/// is `!important`, then from a `style` attribute, then of the more specific selector, then
/// later in the sources — CSS's order, without user and user-agent sheets.
public struct StyleResolver: Sendable {
    // The matching is inlinable, so that it is specialized for the caller's tree and reads
    // its elements directly; the rest of the cascade is not.
    @usableFromInline
    struct Candidate: Sendable {
        @usableFromInline var rule: Int
        @usableFromInline var selector: SelectorSyntax
        @usableFromInline var specificity: Int
    }

    private var rules: [Stylesheet.Rule] = []
    /// Selectors indexed by their last compound's id, class or name, so an element tests only
    /// those that could match it.
    @usableFromInline var byKey: [SelectorSyntax.Key: [Candidate]] = [:]
    @usableFromInline var universal: [Candidate] = []
    /// The `::first-letter` and `::first-line` selectors, tested only against the elements that
    /// start blocks.
    @usableFromInline var firstLetters: [Candidate] = []
    @usableFromInline var firstLines: [Candidate] = []
    @usableFromInline var budget = CSSLimits.matchingBudget
    @usableFromInline var exhausted = false
    /// For each property, the winning value so far and its priority: kept from one element to
    /// the next and cleared for each, since two arrays made for every element of a book cost
    /// more than the matching.
    private var winners = [Declaration.Value?](repeating: nil, count: Declaration.Value.propertyCount)
    private var priorities = [Int](repeating: -1, count: Declaration.Value.propertyCount)
    /// The properties the current element has a winner for.
    private var setProperties: [Int] = []

    public init(stylesheets: [Stylesheet]) {
        for sheet in stylesheets {
            for rule in sheet.rules {
                let index = rules.count
                rules.append(rule)
                // `::first-letter` and `::first-line` style part of an element's text, not the
                // element: they take no part in its cascade.
                // A selector that needs a dynamic state (`a:visited`) never matches a page.
                for selector in rule.selectors where selector.pseudoElement != nil && !selector.neverMatches {
                    let candidate = Candidate(rule: index, selector: selector, specificity: selector.specificity)
                    if selector.pseudoElement == .firstLetter { firstLetters.append(candidate) } else { firstLines.append(candidate) }
                }
                for selector in rule.selectors where selector.pseudoElement == nil && !selector.neverMatches {
                    let candidate = Candidate(rule: index, selector: selector, specificity: selector.specificity)
                    if let key = selector.key { byKey[key, default: []].append(candidate) } else { universal.append(candidate) }
                }
            }
        }
    }

    /// Whether any stylesheet rule could apply: without, only `style` attributes count.
    public var hasRules: Bool { !rules.isEmpty }

    /// True once the matching budget ran out: later elements got no rules from stylesheets.
    public var budgetExhausted: Bool { exhausted }

    /// The style of `element` of `tree`, whose parent element has `parent` as its style.
    /// `defaultFontScale`: the element's size relative to its parent's when the book sets none
    /// (a heading's).
    @inlinable
    public mutating func style<Tree: SelectorTree>(of element: Int, in tree: Tree, styleAttribute: String?,
                                                   parent: ComputedStyle, defaultFontScale: Double = 1) -> ComputedStyle {
        clearWinners()
        if !exhausted, !byKey.isEmpty || !universal.isEmpty {
            // The lists of selectors that could match the element, found by its id, classes
            // and name; their order does not matter, the cascade's priorities decide.
            test(universal, against: element, in: tree)
            if let id = tree.attribute(of: element, localName: "id", namespace: .none), !id.isEmpty,
               let found = byKey[.id(id)] {
                test(found, against: element, in: tree)
            }
            if let classes = tree.attribute(of: element, localName: "class", namespace: .none) {
                SelectorText.forEachWord(of: classes) { name in
                    if let found = byKey[.className(name)] { test(found, against: element, in: tree) }
                }
            }
            if let found = byKey[.element(SelectorText.lowercased(tree.localName(of: element)))] {
                test(found, against: element, in: tree)
            }
        }
        return finish(styleAttribute: styleAttribute, parent: parent, defaultFontScale: defaultFontScale)
    }

    /// The style of `element`'s first letter (`::first-letter`), whose own style is `style`; nil
    /// when no rule gives it one. It inherits from the element.
    @inlinable
    public mutating func firstLetterStyle<Tree: SelectorTree>(of element: Int, in tree: Tree,
                                                              style: ComputedStyle) -> ComputedStyle? {
        pseudoElementStyle(firstLetters, of: element, in: tree, style: style)
    }

    /// The style of `element`'s first line (`::first-line`), as `firstLetterStyle`.
    @inlinable
    public mutating func firstLineStyle<Tree: SelectorTree>(of element: Int, in tree: Tree,
                                                            style: ComputedStyle) -> ComputedStyle? {
        pseudoElementStyle(firstLines, of: element, in: tree, style: style)
    }

    @inlinable
    mutating func pseudoElementStyle<Tree: SelectorTree>(_ candidates: [Candidate], of element: Int, in tree: Tree,
                                                         style: ComputedStyle) -> ComputedStyle? {
        guard !candidates.isEmpty, !exhausted else { return nil }
        clearWinners()
        test(candidates, against: element, in: tree)
        guard hasWinners else { return nil }
        return finish(styleAttribute: nil, parent: style, defaultFontScale: 1)
    }

    @usableFromInline var hasWinners: Bool { !setProperties.isEmpty }

    /// Offers the declarations of each candidate that matches; stops for good when the budget
    /// runs out.
    @inlinable
    mutating func test<Tree: SelectorTree>(_ candidates: [Candidate], against element: Int, in tree: Tree) {
        for candidate in candidates {
            if exhausted { return }
            if candidate.selector.matches(element, in: tree, budget: &budget) {
                offer(rule: candidate.rule, specificity: candidate.specificity)
            }
            if budget < 0 { exhausted = true }
        }
    }

    /// Clears what the last element set: most elements set a few properties of the many.
    @usableFromInline
    mutating func clearWinners() {
        for property in setProperties {
            winners[property] = nil
            priorities[property] = -1
        }
        setProperties.removeAll(keepingCapacity: true)
    }

    @usableFromInline
    mutating func offer(rule: Int, specificity: Int) {
        offer(rules[rule].declarations, specificity: specificity, order: rule, inline: false)
    }

    /// The element's style, from the winners so far and its `style` attribute.
    @usableFromInline
    mutating func finish(styleAttribute: String?, parent: ComputedStyle, defaultFontScale: Double) -> ComputedStyle {
        if let styleAttribute, !styleAttribute.isEmpty {
            offer(Stylesheet.inlineDeclarations(styleAttribute), specificity: 0, order: 0, inline: true)
        }
        var style = parent.inherited()
        style.apply(winners, set: setProperties, parentScale: parent.fontScale, defaultScale: defaultFontScale)
        return style
    }

    private mutating func offer(_ declarations: [Declaration], specificity: Int, order: Int, inline: Bool) {
        for declaration in declarations {
            // !important, then the attribute, then specificity, then order: one comparable number.
            let priority = (declaration.important ? 1 << 62 : 0) | (inline ? 1 << 61 : 0)
                | specificity << 30 | order
            let property = declaration.value.property
            if priority >= priorities[property] {
                if priorities[property] < 0 { setProperties.append(property) }
                priorities[property] = priority
                winners[property] = declaration.value
            }
        }
    }
}
