/// The command line split into options and operands, before any value is interpreted.
struct ParsedArguments: Sendable, Equatable {
    /// Option name → its value (the last one given wins, or for a repeatable option all of them,
    /// joined by commas); flags map to "".
    var options: [String: String] = [:]
    var operands: [String] = []

    func has(_ name: String) -> Bool { options[name] != nil }

    /// Between the values of an option that keeps them apart (`OptionSpec.keepsValuesApart`):
    /// a control character no value typed on a command line holds.
    static let valueSeparator = "\u{1F}"

    /// The last value wins, except for a repeatable option, whose values are joined by commas.
    mutating func add(_ value: String, for spec: OptionSpec) {
        if spec.repeatable, let earlier = options[spec.name] {
            options[spec.name] = earlier + (spec.keepsValuesApart ? ParsedArguments.valueSeparator : ",") + value
        } else {
            options[spec.name] = value
        }
    }
}

/// Splits arguments by the table in `OptionTable`: `--name value`, `--name=value`, `-o value`,
/// `-oVALUE`, `--` to end options, and a lone `-` as an operand (by convention, standard input).
enum ArgumentParser {
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: [String]) throws(Failure) -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                parsed.operands += remaining
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                guard let spec = OptionTable.named(name) else {
                    throw Failure(description: "unknown option '--\(name)'")
                }
                let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                parsed.add(try value(for: spec, spelled: "--\(name)", inline: inline, rest: &remaining), for: spec)
            } else if argument.hasPrefix("-"), argument.count > 1 {
                let letter = argument.dropFirst().first!
                guard let spec = OptionTable.short(letter) else {
                    throw Failure(description: "unknown option '-\(letter)'")
                }
                let attached = String(argument.dropFirst(2))
                if !spec.takesValue, !attached.isEmpty {
                    throw Failure(description: "option '-\(letter)' takes no value")
                }
                parsed.add(try value(for: spec, spelled: "-\(letter)", inline: attached.isEmpty ? nil : attached,
                                     rest: &remaining), for: spec)
            } else {
                parsed.operands.append(argument)
            }
        }
        return parsed
    }

    private static func value(for spec: OptionSpec, spelled: String, inline: String?,
                              rest: inout ArraySlice<String>) throws(Failure) -> String {
        guard spec.takesValue else {
            if inline != nil { throw Failure(description: "option '\(spelled)' takes no value") }
            return ""
        }
        if let inline { return inline }
        guard let next = rest.popFirst() else {
            throw Failure(description: "option '\(spelled)' needs a value (\(spec.valueName!))")
        }
        return next
    }
}
