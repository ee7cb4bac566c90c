import BookModel
import Foundation
import Testing

/// mdBook's `{{#include}}`, `{{#rustdoc_include}}`, `{{#playground}}` and `{{#title}}`, on an
/// mdBook made here: each form puts the lines mdBook puts, and what cannot be included is a
/// warning naming the file.
struct IncludeDirectiveTests {
    static let listing = """
        use std::io;
        // ANCHOR: main
        fn main() {
            // ANCHOR: input
            let mut guess = String::new();
            // ANCHOR_END: input
            println!("{guess}");
        }
        // ANCHOR_END: main

        """

    /// A book whose one chapter includes `listing` every way mdBook allows.
    static func book(chapter: String, extraFiles: [(String, String)] = []) throws -> ReadResult {
        try BookFolderFixture([
            ("book.toml", "[book]\ntitle = \"Includes\"\n"),
            ("src/SUMMARY.md", "# Summary\n\n- [Guessing](ch02.md)\n"),
            ("src/ch02.md", chapter),
            ("listings/main.rs", listing),
        ] + extraFiles).read(".")
    }

    static func codeBlocks(_ result: ReadResult) -> [String] {
        result.book.allBlocks.compactMap { block in
            if case .preformatted(let inlines) = block.kind { return inlines.map(\.text).joined() }
            return nil
        }
    }

    @Test func everyPartOfAFileIsIncludedAsMdBookIncludesIt() throws {
        let chapter = """
            # Guessing

            ```rust
            {{#include ../listings/main.rs}}
            ```

            ```rust
            {{#include ../listings/main.rs:3}}
            ```

            ```rust
            {{#include ../listings/main.rs:3:5}}
            ```

            ```rust
            {{#include ../listings/main.rs:7:}}
            ```

            ```rust
            {{#include ../listings/main.rs::2}}
            ```

            ```rust
            {{#include ../listings/main.rs:input}}
            ```

            ```rust
            {{#include ../listings/main.rs:main}}
            ```

            """
        let result = try Self.book(chapter: chapter)
        #expect(result.warnings.isEmpty)
        let whole = Self.listing.split(separator: "\n", omittingEmptySubsequences: false).dropLast().joined(separator: "\n")
        #expect(Self.codeBlocks(result) == [
            whole,
            "fn main() {",
            "fn main() {\n    // ANCHOR: input\n    let mut guess = String::new();",
            "    println!(\"{guess}\");\n}\n// ANCHOR_END: main",
            "use std::io;\n// ANCHOR: main",
            "    let mut guess = String::new();",
            // An anchor's lines leave out every line that marks one.
            "fn main() {\n    let mut guess = String::new();\n    println!(\"{guess}\");\n}",
        ])
    }

    @Test func rustdocIncludeShowsItsPartAndAnMdBookHidesRustdocsLines() throws {
        let chapter = """
            ```rust,ignore
            {{#rustdoc_include ../listings/main.rs:input}}
            ```

            ```rust
            # fn main() {
            let x = 1;
            #
            ## not hidden: one hash shown
            #[derive(Debug)]
            # }
            ```

            ```python
            # a comment, not hidden
            ```

            """
        let result = try Self.book(chapter: chapter)
        #expect(Self.codeBlocks(result) == [
            "    let mut guess = String::new();",
            "let x = 1;\n# not hidden: one hash shown\n#[derive(Debug)]",
            "# a comment, not hidden",
        ])
    }

    @Test func aLoneFileKeepsItsHashLinesButStillIncludes() throws {
        let folder = try BookFolderFixture([("book.md", "```rust\n# hidden in an mdBook\n{{#include x.rs}}\n```\n"), ("x.rs", "fn x() {}\n")])
        let result = try folder.read("book.md")
        #expect(Self.codeBlocks(result) == ["# hidden in an mdBook\nfn x() {}"])
    }

    @Test func playgroundWrapsTheFileInARustBlockAndTitleIsTakenOut() throws {
        let chapter = "{{#title The Guessing Game}}\n# Guessing\n\n{{#playground ../listings/main.rs editable}}\n"
        let result = try Self.book(chapter: chapter)
        #expect(result.book.allBlocks.compactMap(\.infoString) == ["rust,editable"])
        #expect(Self.codeBlocks(result).first?.hasPrefix("use std::io;\n// ANCHOR: main\nfn main() {") == true)
        #expect(!result.book.allBlocks.contains { $0.paragraphText?.contains("title") == true })
    }

    @Test func includedMarkdownIsExpandedInTurnRelativeToItsOwnFile() throws {
        let chapter = "# Parts\n\n{{#include parts/one.md}}\n"
        let result = try Self.book(chapter: chapter, extraFiles: [
            ("src/parts/one.md", "Part one.\n\n{{#include two.md}}\n"),
            ("src/parts/two.md", "Part two.\n"),
        ])
        #expect(result.warnings.isEmpty)
        #expect(result.book.allBlocks.compactMap(\.paragraphText) == ["Part one.", "Part two."])
    }

    @Test func anEscapedDirectiveIsText() throws {
        let result = try Self.book(chapter: "Write \\{{#include file.rs}} to include a file.\n")
        #expect(result.book.allBlocks.compactMap(\.paragraphText) == ["Write {{#include file.rs}} to include a file."])
        #expect(result.warnings.isEmpty)
    }

    @Test func whatCannotBeIncludedIsAWarningNamingTheFile() throws {
        let chapter = """
            # Guessing

            Before.

            {{#include ../listings/missing.rs}}

            {{#include ../../../etc/passwd}}

            {{#include ../listings/main.rs:nowhere}}

            {{#include loop.md}}

            {{#include https://example.org/x.rs}}

            After.

            """
        let result = try Self.book(chapter: chapter, extraFiles: [("src/loop.md", "Loop.\n\n{{#include loop.md}}\n")])
        #expect(result.book.allBlocks.compactMap(\.paragraphText) == ["Before.", "Loop.", "After."])
        #expect(result.warnings.map(\.description) == [
            "ch02.md:5: {{#include ../listings/missing.rs}}: ../listings/missing.rs does not exist; left out",
            "ch02.md:7: {{#include ../../../etc/passwd}}: ../../../etc/passwd is outside the book's folder; left out",
            "ch02.md:9: {{#include ../listings/main.rs:nowhere}}: ../listings/main.rs has no anchor nowhere; left out",
            "src/loop.md:3: {{#include loop.md}}: loop.md includes itself; left out",
            "ch02.md:13: {{#include https://example.org/x.rs}}: https://example.org/x.rs is on the web, not in the book (never fetched); left out",
        ])
    }

    @Test func directiveLinesCountFromTheFileNotItsFrontMatter() throws {
        let folder = try BookFolderFixture([("book.md", "---\ntitle: T\n---\n\n{{#include gone.md}}\n\nText.\n")])
        let result = try folder.read("book.md")
        #expect(result.warnings.map(\.description) == ["book.md:5: {{#include gone.md}}: gone.md does not exist; left out"])
    }
}
