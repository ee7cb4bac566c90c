/// The cascade for one document: its stylesheets in order (linked and `<style>`, as they appear),
/// then each element's `style` attribute. For each property the winner is the declaration that
/// is `!important`, then from a `style` attribute, then of the more specific selector, then
/// later in the sources — CSS's order, without user and user-agent sheets.
public struct StyleResolver: Sendable {
    private struct Candidate: Sendable {
        var rule: Int
        var selector: Selector
    }

    private var rules: [Stylesheet.Rule] = []
    /// Selectors indexed by their last compound's id, class or name, so an element tests only
    /// those that could match it.
    private var byKey: [Selector.Key: [Candidate]] = [:]
    private var universal: [Candidate] = []
    private var budget = CSSLimits.matchingBudget
    /// True once the matching budget ran out: later elements got no rules from stylesheets.
    public private(set) var budgetExhausted = false
    /// For each property, the winning value so far and its priority: kept from one element to
    /// the next and cleared for each, since two arrays made for every element of a book cost
    /// more than the matching.
    private var winners = [Declaration.Value?](repeating: nil, count: Declaration.Value.propertyCount)
    private var priorities = [Int](repeating: -1, count: Declaration.Value.propertyCount)

    public init(stylesheets: [Stylesheet]) {
        for sheet in stylesheets {
            for rule in sheet.rules {
                let index = rules.count
                rules.append(rule)
                for selector in rule.selectors {
                    let candidate = Candidate(rule: index, selector: selector)
                    if let key = selector.key { byKey[key, default: []].append(candidate) } else { universal.append(candidate) }
                }
            }
        }
    }

    /// Whether any stylesheet rule could apply: without, only `style` attributes count.
    public var hasRules: Bool { !rules.isEmpty }

    /// The style of `element`, after `previousSibling` (the element before it, if any) inside
    /// `ancestors` (outermost first) whose innermost has `parent` as its style.
    /// `defaultFontScale`: the element's size relative to its parent's when the book sets none
    /// (a heading's).
    public mutating func style(of element: ElementDescription, previousSibling: ElementDescription? = nil,
                               styleAttribute: String?, ancestors: [ElementDescription], parent: ComputedStyle,
                               defaultFontScale: Double = 1) -> ComputedStyle {
        for property in 0..<Declaration.Value.propertyCount {
            winners[property] = nil
            priorities[property] = -1
        }
        if !budgetExhausted {
            for candidate in candidates(for: element) {
                if candidate.selector.matches(element, previousSibling: previousSibling, ancestors: ancestors,
                                              budget: &budget) {
                    offer(rules[candidate.rule].declarations, specificity: candidate.selector.specificity,
                          order: candidate.rule, inline: false)
                }
                if budget < 0 {
                    budgetExhausted = true
                    break
                }
            }
        }
        if let styleAttribute, !styleAttribute.isEmpty {
            offer(Stylesheet.inlineDeclarations(styleAttribute), specificity: 0, order: 0, inline: true)
        }
        var style = parent.inherited()
        style.apply(winners, parentScale: parent.fontScale, defaultScale: defaultFontScale)
        return style
    }

    private mutating func offer(_ declarations: [Declaration], specificity: Int, order: Int, inline: Bool) {
        for declaration in declarations {
            // !important, then the attribute, then specificity, then order: one comparable number.
            let priority = (declaration.important ? 1 << 62 : 0) | (inline ? 1 << 61 : 0)
                | specificity << 30 | order
            let property = declaration.value.property
            if priority >= priorities[property] {
                priorities[property] = priority
                winners[property] = declaration.value
            }
        }
    }

    /// The selectors that could match `element`, in no particular order: the cascade's
    /// priorities, not this order, decide.
    private func candidates(for element: ElementDescription) -> [Candidate] {
        // A list found alone is handed back as it is, not copied into a new one.
        var result = universal
        func add(_ found: [Candidate]) {
            if result.isEmpty { result = found } else { result += found }
        }
        if let id = element.id, let found = byKey[.id(id)] { add(found) }
        for name in element.classes {
            if let found = byKey[.className(name)] { add(found) }
        }
        if let found = byKey[.element(element.name)] { add(found) }
        return result
    }
}
