import Book2PagesKit
import BookModel

/// `--limit NAME=VALUE[,NAME=VALUE…]`: the read limits a user may raise or lower, and how
/// `--help` shows them.
extension Invocation {
    /// `entry-size=512M,entries=50000`: each named limit set to its value.
    static func limits(_ text: String, changing limits: ReadLimits) throws(ConversionError) -> ReadLimits {
        var changed = limits
        for setting in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let known = ReadLimits.Name.allCases.map(\.rawValue).joined(separator: ", ")
            guard parts.count == 2, let name = ReadLimits.Name(rawValue: parts[0].trimmingCharacters(in: .whitespaces)) else {
                throw .usage("--limit \(setting): expected NAME=VALUE, where NAME is one of \(known)")
            }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            guard let number = name.isSize ? byteCount(value) : Int(value), (1...Self.largestLimit).contains(number) else {
                throw .usage("--limit \(setting): expected "
                             + (name.isSize ? "a size such as 512M or 2G, at most 1024G" : "a whole number from 1 to \(Self.largestLimit)"))
            }
            changed[name] = number
        }
        return changed
    }

    /// Far past any real book, and far from where sizes overflow.
    static let largestLimit = 1 << 40

    /// `64M`, `512K`, `2G` (or `2GiB`), or a plain number of bytes; nil for anything else or
    /// more than an `Int` holds.
    static func byteCount(_ text: String) -> Int? {
        var digits = Substring(text.uppercased())
        if digits.hasSuffix("IB") { digits = digits.dropLast(2) }
        var shift = 0
        if let unit = digits.last, let power = ["K": 10, "M": 20, "G": 30][unit] {
            shift = power
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0,
              value <= Int.max >> shift else { return nil }
        return value << shift
    }

    /// What a limit bounds, for `--help`.
    static func limitMeaning(_ name: ReadLimits.Name) -> String {
        switch name {
        case .entrySize: "one entry or file, inflated"
        case .bookSize: "all the entries or files read, inflated"
        case .ratio: "how many times an entry over 1M may inflate"
        case .entries: "entries in the archive"
        case .text: "the text of the book"
        case .memory: "the memory a conversion may take"
        }
    }

    /// A limit's value as `--limit` takes it: `64M`, `200`.
    static func format(limit name: ReadLimits.Name, of limits: ReadLimits) -> String {
        let value = limits[name]
        guard name.isSize else { return String(value) }
        for (shift, unit) in [(30, "G"), (20, "M"), (10, "K")] where value % (1 << shift) == 0 {
            return "\(value >> shift)\(unit)"
        }
        return String(value)
    }
}
