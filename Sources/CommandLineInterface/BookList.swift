import Book2PagesKit
import FileNames
import Foundation

/// The books `--files-from` names: a file (or standard input) of paths, one a line, or each
/// ended by a NUL byte with `-0`, as `find -print0` writes them. A path is taken byte for byte:
/// a name that is not UTF-8 still opens (`FileName`).
struct BookList: Sendable, Equatable {
    /// The list's file, `-` for standard input.
    var path: String
    var nullSeparated: Bool

    /// The paths listed, in order. Blank lines are skipped, and so is the carriage return of a
    /// list written with Windows line ends; with `-0` only empty entries are.
    func read(readStandardInput: () throws -> Data) throws(ConversionError) -> [String] {
        let name = path == "-" ? "stdin" : path
        let data: Data
        do {
            data = path == "-" ? try readStandardInput() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(file: name, reason: SystemError.reason(for: error))
        }
        return Self.paths(in: [UInt8](data), nullSeparated: nullSeparated)
    }

    static func paths(in bytes: [UInt8], nullSeparated: Bool) -> [String] {
        let separator: UInt8 = nullSeparated ? 0 : 0x0A
        return bytes.split(separator: separator, omittingEmptySubsequences: true).compactMap { entry in
            var entry = entry
            if !nullSeparated {
                if entry.last == 0x0D { entry = entry.dropLast() }
                if entry.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
            }
            return entry.isEmpty ? nil : FileName.string(entry)
        }
    }
}
