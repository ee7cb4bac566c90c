import CLineBreak

/// A place where a line may end: the UTF-8 offset at which the next line would start.
struct BreakOpportunity: Equatable {
    var offset: Int
    /// After a line or paragraph separator (a `"\n"` in a run): the line must end here.
    var isMandatory: Bool
}

/// UAX #14 line-break opportunities from ICU, for the rules of a language (with
/// `TextOrientation`, what touches CLineBreak). One finder serves one layout; it is not thread-safe.
final class BreakOpportunityFinder {
    private let breaker: OpaquePointer
    private var positions: [Int32] = Array(repeating: 0, count: 256)
    private var hard: [UInt8] = Array(repeating: 0, count: 256)

    /// `locale` is a BCP 47 tag such as `en` or `ja`; nil, empty or unknown ones get ICU's root
    /// rules, never the process's locale. Nil when ICU cannot make a line breaker at all.
    init?(locale: String?) {
        guard let opened = b2p_line_breaker_open(Self.icuLocale(for: locale)) ?? b2p_line_breaker_open(Self.root) else {
            return nil
        }
        breaker = opened
    }

    private static let root = "root"

    /// ICU's name for a BCP 47 tag: `ja_JP` for `ja-JP`, and `root` for none at all, since ICU
    /// takes a missing locale to mean the process's.
    static func icuLocale(for tag: String?) -> String {
        guard let tag, !tag.isEmpty else { return root }
        return String(tag.map { $0 == "-" ? "_" : $0 })
    }

    deinit { b2p_line_breaker_close(breaker) }

    /// Every opportunity inside `text`, in order; the end of the text is not one of them.
    func opportunities(in text: [UInt8]) -> [BreakOpportunity] {
        guard !text.isEmpty else { return [] }
        while true {
            let capacity = Int32(positions.count)
            let count = text.withUnsafeBufferPointer { units in
                positions.withUnsafeMutableBufferPointer { positions in
                    hard.withUnsafeMutableBufferPointer { hard in
                        b2p_line_breaker_run(breaker, units.baseAddress, Int32(units.count),
                                             positions.baseAddress, hard.baseAddress, capacity)
                    }
                }
            }
            if count < 0 { return Self.spaceOpportunities(in: text) }
            if count <= capacity {
                return (0..<Int(count)).map {
                    BreakOpportunity(offset: Int(positions[$0]), isMandatory: hard[$0] != 0)
                }
            }
            positions = Array(repeating: 0, count: Int(count))
            hard = Array(repeating: 0, count: Int(count))
        }
    }

    /// What is left when ICU reports an error: after spaces, and after line feeds as mandatory.
    private static func spaceOpportunities(in text: [UInt8]) -> [BreakOpportunity] {
        var found: [BreakOpportunity] = []
        for i in 0..<(text.count - 1) where text[i] == 0x20 || text[i] == 0x0A {
            if text[i] == 0x0A || text[i + 1] != 0x20 {
                found.append(BreakOpportunity(offset: i + 1, isMandatory: text[i] == 0x0A))
            }
        }
        return found
    }
}
