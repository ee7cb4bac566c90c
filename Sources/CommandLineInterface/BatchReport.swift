import Book2PagesKit
import FileNames
import Foundation

/// `--report FILE`: one JSON object a line for each input, in the order given: its status
/// (`converted`, `unchanged`, `failed`), output, content pages, seconds, warnings, and for a
/// failure the error and its exit code.
enum BatchReport {
    private struct Line: Encodable {
        var input: String
        var output: String
        var status: String
        var pages: Int
        var seconds: Double
        var warnings: [String]
        var error: String?
        var exitCode: Int32?
    }

    static func data(_ results: [BatchResult]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = Data()
        for result in results {
            var line = Line(input: text(result.job.name), output: text(result.job.output), status: "converted",
                            pages: result.pages, seconds: (result.seconds * 1000).rounded() / 1000,
                            warnings: result.warnings.map { text($0.description) })
            switch result.status {
            case .converted: break
            case .unchanged: line.status = "unchanged"
            case .failed(let error):
                line.status = "failed"
                line.error = text(error.description)
                line.exitCode = error.exitCode
            }
            // Encoding plain strings and numbers can't fail.
            data.append((try? encoder.encode(line)) ?? Data())
            data.append(UInt8(ascii: "\n"))
        }
        return data
    }

    /// JSON escapes control characters itself, so the values keep them as they are; only a
    /// byte of a name that is not UTF-8, which no JSON string can hold, is written `\xe9`, as
    /// the messages write it.
    private static func text(_ value: String) -> String {
        guard FileName.hasRawBytes(value) else { return value }
        var text = ""
        for scalar in value.unicodeScalars {
            if let byte = FileName.rawByte(scalar) {
                text += "\\x" + String(byte, radix: 16)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
