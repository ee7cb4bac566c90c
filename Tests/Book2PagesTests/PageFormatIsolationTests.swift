import Foundation
import Testing

/// The model an iOS app imports must build with nothing but Swift and Foundation: no C library,
/// no other module of this package, no Linux-only API.
struct PageFormatIsolationTests {
    static let sources = TestPaths.repositoryFile("Sources/PageFormat")

    @Test func thePackageGivesItNoDependencies() throws {
        let manifest = try String(contentsOfFile: TestPaths.repositoryFile("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".target(name: "PageFormat"),"#))
        #expect(manifest.contains(#".library(name: "PageFormat", targets: ["PageFormat"])"#))
    }

    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test func itImportsFoundationAloneAndNoLinuxOnlyAPI() throws {
        let files = try Self.files()
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) }
            #expect(imports.allSatisfy { $0 == "Foundation" }, "\(file) imports \(imports)")
            #expect(!text.contains("Glibc") && !text.contains("#if os(Linux)"), "\(file) uses a Linux-only API")
        }
    }

    @Test(.needsSwiftc) func itCompilesAloneWithOnlyFoundation() throws {
        let files = try Self.files()
        #expect(!files.isEmpty)
        // Type-checked on its own: no search paths, so no other module could be found.
        let result = try #require(try Run.tool("swiftc", ["-typecheck", "-swift-version", "6", "-module-name", "PageFormat"]
                                                + files.map { Self.sources + "/" + $0 }))
        #expect(result.status == 0, "\(result.stderr)")
    }
}
