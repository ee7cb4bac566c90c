@testable import Book2PagesKit
import BookModel
@testable import CommandLineInterface
import Testing

/// `--limit NAME=VALUE` and `--strict` on the command line.
struct LimitOptionTests {
    func options(_ arguments: [String]) throws -> ConversionOptions {
        try Invocation(try ArgumentParser.parse(arguments + ["b.epub"])).options
    }

    @Test func defaultsAreTheReadersOwn() throws {
        let options = try options([])
        #expect(options.limits == ReadLimits())
        #expect(!options.strict)
        #expect(try self.options(["--strict"]).strict)
    }

    @Test func sizesTakeBinaryUnits() throws {
        let limits = try options(["--limit", "entry-size=512M,book-size=2G,text=1536K"]).limits
        #expect(limits.maximumEntrySize == 512 << 20)
        #expect(limits.maximumBookSize == 2 << 30)
        #expect(limits.maximumTextSize == 1536 << 10)
        #expect(try options(["--limit", "entry-size=1000"]).limits.maximumEntrySize == 1000)
        #expect(try options(["--limit", "entry-size=3MiB"]).limits.maximumEntrySize == 3 << 20)
        #expect(try options(["--limit", "book-size=1024G"]).limits.maximumBookSize == 1 << 40)
    }

    @Test func repeatedLimitsAddUpAndTheLastOfANameWins() throws {
        let limits = try options(["--limit", "entries=50000", "--limit=ratio=400", "--limit", "entries=60000"]).limits
        #expect(limits.maximumEntryCount == 60000)
        #expect(limits.maximumCompressionRatio == 400)
        #expect(limits.maximumEntrySize == ReadLimits().maximumEntrySize)
    }

    @Test(arguments: ["depth=10", "entry-size", "entry-size=", "entry-size=0", "entry-size=-1M", "entries=1K",
                      "entry-size=99999999999G", "entry-size=1025G", "entries=2000000000000", "ratio=1.5", ""])
    func badLimitsAreUsageErrors(setting: String) throws {
        let error = #expect(throws: ConversionError.self) { try self.options(["--limit", setting]) }
        #expect(error?.exitCode == ExitCode.usage)
        #expect(error?.description.hasPrefix("--limit ") == true, "\(String(describing: error))")
    }

    /// Limits and --strict decide whether there are pages, not what they hold: an output made
    /// under other limits is still current.
    @Test func limitsAndStrictLeaveTheOptionsFingerprintAlone() throws {
        let plain = try options([])
        let bounded = try options(["--limit", "entry-size=1G,entries=5", "--strict"])
        #expect(Fingerprint.digest(of: plain) == Fingerprint.digest(of: bounded))
        #expect(Fingerprint.digest(of: plain) != Fingerprint.digest(of: try options(["--font-size", "12"])))
    }

    @Test func aLimitPassedIsExit79AndAStrictRefusalExit80() {
        #expect(ConversionError.limitExceeded(file: "b.epub", reason: "r").exitCode == 79)
        let strict = ConversionError.warningsUnderStrict(file: "b.epub", warnings: [Warning(entry: "a.xhtml", line: 3, "bad"), Warning("worse")])
        #expect(strict.exitCode == 80)
        #expect(strict.description == "b.epub: refused under --strict: 2 warnings, the first: a.xhtml:3: bad")
    }
}
