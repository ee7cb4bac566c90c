@testable import CommandLineInterface
import Foundation
import Testing

/// `book2pages completions SHELL`: each script is read by its shell, names every option of the
/// table, and completes as a user types: an option from its start, a choice's values, a shell
/// after `completions`.
struct ShellCompletionTests {
    func script(_ shell: String) throws -> String {
        let result = try Run.program(try #require(TestPaths.binary, "build book2pages first"), ["completions", shell])
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// Runs `code` in `shell` with the script written to a file, `$SCRIPT` naming it.
    func run(_ shell: String, _ code: String) throws -> String {
        let directory = try Run.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("book2pages.\(shell)")
        try Data(try script(shell).utf8).write(to: file)
        let result = try Run.program(try #require(Run.onPath(shell)), ["-c", code], environment: ["SCRIPT": file.path])
        #expect(result.status == 0, "\(shell): \(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self)
    }

    @Test(arguments: ShellCompletion.Shell.allCases)
    func everyOptionIsInTheScript(shell: ShellCompletion.Shell) {
        let text = ShellCompletion.script(for: shell)
        for spec in OptionTable.all {
            #expect(text.contains(shell == .fish ? "-l \(spec.name) " : "--\(spec.name)"), "\(shell): --\(spec.name)")
            for choice in spec.choices ?? [] { #expect(text.contains(choice), "\(shell): --\(spec.name) \(choice)") }
        }
        #expect(OptionTable.named("target")?.choices?.contains("swiftui-book") == true)
        #expect(OptionTable.named("align")?.choices == ["justify", "left"])
    }

    @Test func bashCompletesOptionsChoicesAndShells() throws {
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let output = try run("bash", "source \"$SCRIPT\"; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); "
                                 + "_book2pages; printf '%s\\n' \"${COMPREPLY[@]}\"")
            return output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["book2pages", "--ta"]) == ["--target"])
        #expect(try complete(["book2pages", "--target", "s"]) == ["swiftui-book"])
        #expect(try complete(["book2pages", "--align-spreads", ""]) == ["on", "off"])
        #expect(try complete(["book2pages", "completions", "z"]) == ["zsh"])
        #expect(try complete(["book2pages", "--font-size", ""]).isEmpty)
    }

    @Test(.needsFish) func fishCompletesOptionsChoicesAndShells() throws {
        func complete(_ line: String) throws -> [String] {
            try run("fish", "source $SCRIPT; complete -C '\(line)'").split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try complete("book2pages --ta") == ["--target"])
        #expect(try complete("book2pages --target s") == ["swiftui-book"])
        #expect(try complete("book2pages completions ").sorted() == ["bash", "fish", "zsh"])
    }

    @Test(.needsZsh) func zshReadsItsScript() throws {
        // Parsed, and its function defined when sourced with the completion system loaded.
        let output = try run("zsh", "zsh -n \"$SCRIPT\" && autoload -Uz compinit && compinit -u -D && source \"$SCRIPT\" 2>/dev/null; "
                             + "whence -w _book2pages")
        #expect(output.contains("_book2pages: function"))
    }

    @Test(arguments: [["completions"], ["completions", "tcsh"], ["completions", "bash", "zsh"], ["completions", "bash", "-q"]])
    func aMissingOrUnknownShellIsAUsageError(arguments: [String]) throws {
        let result = try Run.program(try #require(TestPaths.binary), arguments)
        #expect(result.status == 64 && result.stderr.contains("completions"))
    }
}
