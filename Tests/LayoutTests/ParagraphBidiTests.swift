import BookModel
@testable import Layout
import Testing

/// A left-to-right paragraph is resolved by ICU only when something in it can leave level 0;
/// curly quotes, dashes and accented letters cannot, and the paragraph needs no runs.
struct ParagraphBidiTests {
    static func bidi(_ text: String) -> ParagraphBidi {
        Array(text.utf8).withUnsafeBufferPointer { ParagraphBidi(text: $0, direction: .leftToRight, fromText: false) }
    }

    @Test(arguments: ["“Call me Ishmael” — he said…", "Café, naïve, Œuvre ½ €5 ‘quoted’",
                      "日本語のテキスト、そして emoji 🙂", "Numbers 12.5% and (brackets) [x]"])
    func leftToRightTextStaysAtTheBaseLevel(text: String) {
        #expect(Self.bidi(text).runs.isEmpty)
        #expect(Self.bidi(text).direction == .leftToRight)
    }

    @Test(arguments: [
        ("“Shalom” is שלום in Hebrew", 1),
        ("“Salaam” is سلام — in Arabic", 1),
        ("An Arabic-Indic digit “٣” in English", 2),
        ("An isolate \u{2067}text\u{2069} — marked", 1),
        ("An override \u{202E}abc\u{202C} — marked", 1),
    ])
    func rightToLeftTextIsResolved(text: String, level: UInt8) {
        let runs = Self.bidi(text).runs
        #expect(runs.contains { $0.level >= level })
        #expect(runs.last?.end == text.utf8.count)
    }
}
