import Foundation
import Testing

/// The Debian package's lists agree with what the project installs and reads: every package it
/// depends on or recommends is one `scripts/install-deps.sh` installs (so the suite runs with
/// it), and what the layout reads from the system is in `Depends`.
struct PackagingTests {
    func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: TestPaths.repositoryFile(path), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func thePackagesListsAreWhatTheProjectInstalls() throws {
        let installed = try String(contentsOfFile: TestPaths.repositoryFile("scripts/install-deps.sh"), encoding: .utf8)
            .split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ")" }).map(String.init)
        let listed = try lines("packaging/depends") + lines("packaging/recommends")
        #expect(listed.count > 8)
        for package in listed { #expect(installed.contains(package), "\(package) is not installed by install-deps.sh") }
        // The default fonts, the English dictionary and the language models are needed, not recommended.
        let depends = try lines("packaging/depends")
        for needed in ["fonts-liberation2", "fonts-texgyre-math", "hyphen-en-us", "libexttextcat-data"] {
            #expect(depends.contains(needed), "\(needed)")
        }
    }

    @Test func theREADMEInstallsThePackageTheScriptBuilds() throws {
        let readme = try String(contentsOfFile: TestPaths.repositoryFile("README.md"), encoding: .utf8)
        let script = try String(contentsOfFile: TestPaths.repositoryFile("scripts/make-deb.sh"), encoding: .utf8)
        let source = try String(contentsOfFile: TestPaths.repositoryFile("Sources/Book2PagesKit/Book2Pages.swift"), encoding: .utf8)
        let version = try #require(source.firstMatch(of: /static let version = "([^"]+)"/)?.1)
        #expect(readme.contains("sudo apt-get install ./.build/deb/book2pages_\(version)_amd64.deb"))
        #expect(script.contains("--static-swift-stdlib"))
        let ci = try String(contentsOfFile: TestPaths.repositoryFile(".ci/run"), encoding: .utf8)
        #expect(ci.contains("scripts/check-deb.sh"))
    }
}
