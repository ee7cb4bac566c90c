// swift-tools-version:6.0
// book2pages: books into fixed-size pages, written as JSON.
// Stages, each its own module: readers → document model → layout → writers (docs/ARCHITECTURE.md).
import PackageDescription

/// A Debian library found through pkg-config; `apt` names the package that ships its headers.
func system(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "book2pages",
    products: [
        .executable(name: "book2pages", targets: ["book2pages"]),
        .library(name: "Book2PagesKit", targets: ["Book2PagesKit"]),
        .library(name: "PageFormat", targets: ["PageFormat"]),
    ],
    targets: [
        // C libraries, each wrapped by exactly one Swift module.
        system("CLibXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev"),
        system("CLibZip", pkgConfig: "libzip", apt: "libzip-dev"),
        system("CFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev"),
        system("CHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev"),
        system("CFontconfig", pkgConfig: "fontconfig", apt: "libfontconfig-dev"),
        system("CCmarkGFM", pkgConfig: "libcmark-gfm", apt: "libcmark-gfm-extensions-dev"),
        system("CYAML", pkgConfig: "yaml-0.1", apt: "libyaml-dev"),
        system("CCrypto", pkgConfig: "libcrypto", apt: "libssl-dev"),
        system("CTextCat", pkgConfig: "libexttextcat", apt: "libexttextcat-dev"),
        system("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev"),
        // ICU behind headers with no ICU types: line breaks (UAX #14) and bidi (UAX #9).
        .target(name: "CLineBreak", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "CBidi", linkerSettings: [.linkedLibrary("icuuc")]),
        // Debian ships no .pc file for libhyphen: its module map links `hyphen` by name.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),

        // Paths as the system's bytes, and the file calls made with them; depends on nothing.
        .target(name: "FileNames"),
        // The process's memory, watched against the memory limit by every stage that grows it.
        .target(name: "ProcessMemory"),

        // The two models depend on nothing but the paths.
        .target(name: "BookModel", dependencies: ["FileNames"]),
        .target(name: "PageFormat"),
        // Writing the page model as JSON and JSON Lines: the writers' machinery, not the app's.
        .target(name: "PageJSON", dependencies: ["PageFormat"]),

        // Readers. CSS is plain Swift: the book's stylesheets, read and cascaded.
        .target(name: "CSS"),
        .target(name: "Markup", dependencies: ["CLibXML2", "ProcessMemory"]),
        .target(name: "ZipArchive", dependencies: ["CLibZip", "FileNames"]),
        .target(name: "ImageSizes", dependencies: ["BookModel", "Markup"]),
        .target(name: "XHTMLReader", dependencies: ["BookModel", "CSS", "FileNames", "Markup", "ProcessMemory", "ZipArchive"]),
        .target(name: "EPUBReader", dependencies: ["BookModel", "CSS", "Digest", "ImageSizes", "Markup", "ProcessMemory", "XHTMLReader", "ZipArchive"]),
        .target(name: "MarkdownParser", dependencies: ["CCmarkGFM", "ProcessMemory"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "MarkdownReader",
                dependencies: ["BookModel", "FileNames", "ImageSizes", "Markup", "MarkdownParser", "ProcessMemory", "YAML", "XHTMLReader",
                               "ZipArchive"]),

        // Layout.
        .target(name: "Fonts", dependencies: ["CFontconfig", "CFreeType", "CHarfBuzz", "FileNames"]),
        .target(name: "Hyphenation", dependencies: ["CHyphen"]),
        .target(name: "LanguageGuess", dependencies: ["CTextCat"]),
        .target(name: "MathLayout", dependencies: ["BookModel", "Fonts"]),
        .target(name: "Layout", dependencies: ["BookModel", "Fonts", "CLineBreak", "CBidi", "Hyphenation", "LanguageGuess", "MathLayout", "PageFormat",
                                               "ProcessMemory"]),

        // Writers. The HTML preview embeds the fonts and images it is given, and runs Chromium
        // as a command for its screenshots.
        // The systems the pages are for, each a type that owns its page size and its grouping.
        .target(name: "Targets", dependencies: ["PageFormat"]),
        .target(name: "PageWriter", dependencies: ["BookModel", "Layout", "PageFormat", "PageJSON", "ProcessMemory", "Targets"]),
        .target(name: "HTMLPreview", dependencies: ["FileNames", "PageFormat"]),

        // Recognising inputs already converted.
        .target(name: "Digest", dependencies: ["CCrypto"]),
        // Outputs named .gz: gzip made as the pages stream, and read back for their provenance.
        .target(name: "Gzip", dependencies: ["CZlib"]),

        // The library facade and the thin command.
        .target(name: "Book2PagesKit",
                dependencies: ["BookModel", "CSS", "EPUBReader", "FileNames", "Fonts", "Hyphenation", "XHTMLReader", "MarkdownReader", "Layout", "Digest",
                               "Gzip", "PageWriter", "HTMLPreview", "PageFormat", "PageJSON", "ProcessMemory", "Targets", "ZipArchive"]),
        .target(name: "CommandLineInterface",
                dependencies: ["Book2PagesKit", "BookModel", "FileNames", "HTMLPreview", "Layout", "PageFormat", "ProcessMemory", "Targets",
                               "YAML"]),
        // The release build allocates with mimalloc: laying a book out makes and frees millions of
        // small values on several threads, and glibc's allocator took an eighth of the CPU
        // (docs/PERFORMANCE.md). Debug and sanitizer builds keep the system's.
        .executableTarget(name: "book2pages", dependencies: ["CommandLineInterface"],
                          linkerSettings: [.linkedLibrary("mimalloc", .when(configuration: .release))]),

        // libFuzzer entries (scripts/fuzz.sh): the readers, and the whole conversion (reader,
        // layout, writer); in an ordinary build, each replays the files it is given.
        .executableTarget(name: "EPUBFuzzer", dependencies: ["BookModel", "EPUBReader", "ZipArchive"], path: "Fuzz/EPUBFuzzer"),
        .executableTarget(name: "MarkdownFuzzer", dependencies: ["BookModel", "MarkdownReader"], path: "Fuzz/MarkdownFuzzer"),
        .executableTarget(name: "ConversionFuzzer", dependencies: ["Book2PagesKit", "Layout", "PageFormat", "PageJSON", "ProcessMemory", "Targets"],
                          path: "Fuzz/ConversionFuzzer", exclude: ["conversion.dict"]),

        // The parse floor the benchmark compares a conversion with (docs/PERFORMANCE.md).
        .executableTarget(name: "ParseFloor", dependencies: ["CLibXML2", "Markup", "ZipArchive"], path: "Bench/ParseFloor"),

        .testTarget(name: "ModelTests", dependencies: ["BookModel", "PageFormat", "PageJSON"]),
        .testTarget(name: "ReaderTests",
                    dependencies: ["BookModel", "CLibXML2", "CSS", "ImageSizes", "Markup", "ZipArchive", "XHTMLReader", "EPUBReader"]),
        .testTarget(name: "MarkdownTests", dependencies: ["BookModel", "MarkdownParser", "YAML", "MarkdownReader"]),
        .testTarget(name: "LayoutTests", dependencies: ["BookModel", "EPUBReader", "Fonts", "Hyphenation", "LanguageGuess", "Layout", "MathLayout",
                                                       "PageFormat"]),
        .testTarget(name: "WriterTests", dependencies: ["BookModel", "HTMLPreview", "Layout", "PageFormat", "PageJSON", "PageWriter", "Targets"]),
        .testTarget(name: "Book2PagesTests",
                    dependencies: ["Book2PagesKit", "CommandLineInterface", "PageFormat", "BookModel", "FileNames", "Fonts", "HTMLPreview",
                                   "EPUBReader", "Layout", "MarkdownReader", "PageJSON", "PageWriter", "Targets", "ZipArchive",
                                   "CSS", "Gzip", "Markup", "MathLayout", "XHTMLReader"],
                    exclude: ["Snapshots"]),
    ]
)
