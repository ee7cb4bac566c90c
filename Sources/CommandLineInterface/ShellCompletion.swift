/// `book2pages completions SHELL`: a completion script for bash, zsh or fish, made from the
/// option table, so that it offers exactly the options the parser takes: each option's name,
/// the values of those that take one of a set (`--target`, `--align`), file names where the
/// value is a file or a folder, and nothing where it is a number or a size.
enum ShellCompletion {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The words that may come first instead of a book.
    static let commands = [Invocation.previewCommand, Invocation.completionsCommand]

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// The first sentence of an option's help, short enough for a menu.
    static func summary(_ spec: OptionSpec) -> String {
        var text = Substring(spec.help)
        if let end = text.range(of: ". ") { text = text[..<end.lowerBound] }
        if text.hasSuffix(".") { text = text.dropLast() }
        if text.count > 72 { text = text.prefix(71) + "…" }
        return String(text)
    }

    private static var shells: String { Shell.allCases.map(\.rawValue).joined(separator: " ") }

    private static func names(_ spec: OptionSpec) -> [String] {
        (spec.short.map { ["-\($0)"] } ?? []) + ["--\(spec.name)"]
    }

    private static var bash: String {
        var lines = [
            "# bash completion for book2pages: book2pages completions bash > /etc/bash_completion.d/book2pages",
            "_book2pages() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    if [[ $COMP_CWORD -eq 2 && ${COMP_WORDS[1]} == \(Invocation.completionsCommand) ]]; then",
            "        COMPREPLY=($(compgen -W \"\(shells)\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case $prev in",
        ]
        for spec in OptionTable.all where spec.takesValue {
            let pattern = names(spec).joined(separator: "|")
            if let choices = spec.choices {
                lines.append("        \(pattern)) COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\")); return ;;")
            } else if spec.takesPath {
                lines.append("        \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
            } else {
                lines.append("        \(pattern)) COMPREPLY=(); return ;;")
            }
        }
        let options = OptionTable.all.flatMap(names).joined(separator: " ")
        lines += [
            "    esac",
            "    if [[ $cur == -* ]]; then",
            "        COMPREPLY=($(compgen -W \"\(options)\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    COMPREPLY=($(compgen -f -- \"$cur\"))",
            "    if [[ $COMP_CWORD -eq 1 ]]; then",
            "        COMPREPLY+=($(compgen -W \"\(commands.joined(separator: " "))\" -- \"$cur\"))",
            "    fi",
            "}",
            "complete -o filenames -F _book2pages book2pages",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` inside single quotes, for zsh and fish.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static var zsh: String {
        var lines = [
            "#compdef book2pages",
            "# zsh completion for book2pages: book2pages completions zsh > \"${fpath[1]}/_book2pages\"",
            "_book2pages() {",
            "    if (( CURRENT == 3 )) && [[ ${words[2]} == \(Invocation.completionsCommand) ]]; then",
            "        _values shell \(shells)",
            "        return",
            "    fi",
            "    _arguments -s \\",
        ]
        for spec in OptionTable.all {
            // _arguments reads brackets and colons in a description as its own syntax.
            let summary = summary(spec).replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
                .replacingOccurrences(of: ":", with: "\\:")
            var value = ""
            if let valueName = spec.valueName {
                let shown = valueName.replacingOccurrences(of: ":", with: "\\:")
                if let choices = spec.choices {
                    value = ":\(shown):(\(choices.joined(separator: " ")))"
                } else {
                    value = ":\(shown):" + (spec.takesPath ? "_files" : " ")
                }
            }
            let spellings = names(spec).map { name in
                spec.takesValue ? (name.hasPrefix("--") ? name + "=" : name + "+") : name
            }
            let exclusive = spellings.count > 1 ? "(\(names(spec).joined(separator: " ")))" : ""
            let repeated = spec.repeatable ? "*" : ""
            if spellings.count > 1 {
                lines.append("        " + quoted(exclusive) + "{" + spellings.map { repeated + $0 }.joined(separator: ",") + "}"
                             + quoted("[\(summary)]\(value)") + " \\")
            } else {
                lines.append("        " + quoted("\(repeated)\(spellings[0])[\(summary)]\(value)") + " \\")
            }
        }
        lines += [
            "        '*:book:_files'",
            "}",
            "_book2pages \"$@\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static var fish: String {
        var lines = [
            "# fish completion for book2pages: book2pages completions fish > ~/.config/fish/completions/book2pages.fish",
            "complete -c book2pages -n __fish_use_subcommand -a \(quoted(commands.joined(separator: " ")))",
            "complete -c book2pages -n \(quoted("__fish_seen_subcommand_from \(Invocation.completionsCommand)")) -x -a \(quoted(shells))",
        ]
        for spec in OptionTable.all {
            var line = "complete -c book2pages"
            if let short = spec.short { line += " -s \(short)" }
            line += " -l \(spec.name)"
            if let choices = spec.choices {
                line += " -x -a \(quoted(choices.joined(separator: " ")))"
            } else if spec.takesValue {
                line += spec.takesPath ? " -r -F" : " -x"
            }
            line += " -d \(quoted(summary(spec)))"
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
