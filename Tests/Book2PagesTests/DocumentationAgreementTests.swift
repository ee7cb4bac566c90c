import Book2PagesKit
import BookModel
@testable import CommandLineInterface
import Foundation
import Testing

/// `--help`, the man page and the README describe the same options and exit codes.
struct DocumentationAgreementTests {
    static let manPage = (try? String(contentsOfFile: TestPaths.repositoryFile("man/book2pages.1"), encoding: .utf8)) ?? ""
    static let readme = (try? String(contentsOfFile: TestPaths.repositoryFile("README.md"), encoding: .utf8)) ?? ""
    static let exitCodes = [ExitCode.success, ExitCode.someFailed, ExitCode.usage, ExitCode.invalidInput, ExitCode.unreadableInput,
                            ExitCode.fontUnavailable, ExitCode.internalError, ExitCode.outputFailed,
                            ExitCode.limitExceeded, ExitCode.warningsUnderStrict]

    @Test func everyOptionIsInHelpManPageAndReadme() {
        #expect(!Self.manPage.isEmpty && !Self.readme.isEmpty)
        for spec in OptionTable.all {
            #expect(HelpText.text.contains("--\(spec.name)"), "--\(spec.name) missing from --help")
            #expect(Self.manPage.contains("Fl \\-\(spec.name)"), "--\(spec.name) missing from the man page")
            #expect(Self.readme.contains("`--\(spec.name)"), "--\(spec.name) missing from the README")
            if let short = spec.short {
                #expect(HelpText.text.contains("-\(short), --\(spec.name)"))
                #expect(Self.manPage.contains("Fl \(short) "), "-\(short) missing from the man page")
                #expect(Self.readme.contains("`-\(short)`, `--\(spec.name)"), "-\(short) missing from the README")
            }
        }
    }

    @Test func manPageDocumentsNoOptionTheToolLacks() throws {
        let known = Set(OptionTable.all.map(\.name))
        let documented = Self.manPage.split(separator: "\n")
            .filter { $0.hasPrefix(".It Fl") }
            .flatMap { line in line.matches(of: /Fl \\-([a-z-]+)/).map { String($0.output.1) } }
        #expect(!documented.isEmpty)
        #expect(Set(documented) == known)
    }

    @Test func readmeDocumentsNoOptionTheToolLacks() throws {
        let known = Set(OptionTable.all.map(\.name))
        let optionsSection = Self.readme.components(separatedBy: "## Options").last!
            .components(separatedBy: "\n## ").first!
        let documented = optionsSection.split(separator: "\n")
            .filter { $0.hasPrefix("| `") }
            .flatMap { line in line.matches(of: /`--([a-z-]+)/).map { String($0.output.1) } }
        #expect(Set(documented) == known)
    }

    @Test func exitCodesAgree() {
        let manStatus = Self.manPage.components(separatedBy: ".Sh EXIT STATUS").last ?? ""
        for code in Self.exitCodes {
            #expect(HelpText.text.contains("  \(code)  ") || HelpText.text.contains("  \(code)   "), "exit \(code) missing from --help")
            #expect(manStatus.contains(".It \(code)\n"), "exit \(code) missing from the man page")
            #expect(Self.readme.contains("| \(code) |"), "exit \(code) missing from the README")
        }
    }

    @Test func exitCodesAreDistinctAndAllListed() {
        #expect(Set(Self.exitCodes).count == Self.exitCodes.count)
        #expect(ExitCode.meanings.map(\.code) == Self.exitCodes.sorted())
    }

    /// Every read limit, with its default, in --help, the man page and the README.
    @Test func everyLimitIsDocumented() {
        let defaults = ReadLimits()
        for name in ReadLimits.Name.allCases {
            let value = Invocation.format(limit: name, of: defaults)
            #expect(HelpText.text.replacingOccurrences(of: "\n        ", with: " ").contains("\(name.rawValue) ("),
                    "\(name.rawValue) missing from --help")
            #expect(Self.manPage.contains("Cm \(name.rawValue)"), "\(name.rawValue) missing from the man page")
            #expect(Self.manPage.contains("default is \(value)"), "default \(value) missing from the man page")
            #expect(Self.readme.contains("| `\(name.rawValue)` |") && Self.readme.contains("| \(value) |"),
                    "\(name.rawValue) or its default \(value) missing from the README")
        }
    }

    /// A merge left no conflict in the documents a reader reads first.
    @Test func noDocumentHoldsAMergeConflict() throws {
        for path in ["README.md", "man/book2pages.1", "docs/ARCHITECTURE.md", "docs/FORMAT.md", "docs/PERFORMANCE.md"] {
            let text = try String(contentsOfFile: TestPaths.repositoryFile(path), encoding: .utf8)
            let markers = text.split(separator: "\n").filter { $0.hasPrefix("<<<<<<< ") || $0.hasPrefix(">>>>>>> ") || $0 == "=======" }
            #expect(markers.isEmpty, "\(path): \(markers)")
        }
    }

    @Test(.needsMandoc) func manPageLintsClean() throws {
        let result = try #require(try Run.tool("mandoc", ["-T", "lint", TestPaths.repositoryFile("man/book2pages.1")]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
