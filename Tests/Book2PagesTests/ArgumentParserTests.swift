@testable import CommandLineInterface
import Testing

struct ArgumentParserTests {
    @Test func longOptionsWithSeparateOrInlineValues() throws {
        let parsed = try ArgumentParser.parse(["--bounds", "800x600", "--font=Liberation Sans", "book.epub"])
        #expect(parsed.options["bounds"] == "800x600")
        #expect(parsed.options["font"] == "Liberation Sans")
        #expect(parsed.operands == ["book.epub"])
    }

    @Test func shortOptionsWithSeparateOrAttachedValues() throws {
        #expect(try ArgumentParser.parse(["-o", "out.json", "b.epub"]).options["output"] == "out.json")
        #expect(try ArgumentParser.parse(["-oout.json", "b.epub"]).options["output"] == "out.json")
        #expect(try ArgumentParser.parse(["-q", "b.epub"]).has("quiet"))
    }

    @Test func flagsAndTheLastValueWins() throws {
        let parsed = try ArgumentParser.parse(["--pretty", "--font-size", "12", "--font-size", "14", "x"])
        #expect(parsed.has("pretty"))
        #expect(parsed.options["font-size"] == "14")
    }

    @Test func doubleDashEndsOptionsAndDashIsAnOperand() throws {
        let parsed = try ArgumentParser.parse(["--", "--pretty", "-"])
        #expect(parsed.operands == ["--pretty", "-"])
        #expect(!parsed.has("pretty"))
        #expect(try ArgumentParser.parse(["-"]).operands == ["-"])
    }

    @Test(arguments: [
        (["--nope"], "unknown option '--nope'"),
        (["-z"], "unknown option '-z'"),
        (["--output"], "option '--output' needs a value (FILE|DIR)"),
        (["-o"], "option '-o' needs a value (FILE|DIR)"),
        (["--pretty=yes"], "option '--pretty' takes no value"),
        (["-qx"], "option '-q' takes no value"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        #expect(throws: ArgumentParser.Failure(description: message)) {
            try ArgumentParser.parse(arguments)
        }
    }

    @Test func everyOptionInTheTableParses() throws {
        for spec in OptionTable.all {
            let arguments = spec.takesValue ? ["--\(spec.name)", "1"] : ["--\(spec.name)"]
            #expect(try ArgumentParser.parse(arguments).has(spec.name))
            if let short = spec.short {
                let shortArguments = spec.takesValue ? ["-\(short)", "1"] : ["-\(short)"]
                #expect(try ArgumentParser.parse(shortArguments).has(spec.name))
            }
        }
    }
}
