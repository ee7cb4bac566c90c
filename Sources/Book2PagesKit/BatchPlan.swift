import BookModel
import FileNames
import Foundation

/// One book of a batch: what to read and where its pages go.
public struct BatchJob: Sendable, Equatable {
    /// The input as the user named it, or as found in a folder they named.
    public var name: String
    public var input: BookInput
    public var output: String
    /// The output's path in the output folder, without its extension (`sub/book`): where the
    /// book's images go under `--assets`, so two books never share a folder.
    public var relativeName: String
    /// The output folder the user named, which `relativeName` is under.
    public var directory: String
    /// Why the book is not read at all (a file found by a folder search that links out of the
    /// folder): the job fails with it, reported with the others.
    public var refusal: ConversionError?
}

/// Which books a batch converts and where each output goes. Every input is a book of its own:
/// a file (EPUB, Markdown, XHTML) is one; a folder holding a `SUMMARY.md` (or `src/SUMMARY.md`)
/// is one Markdown book; any other folder is searched, all the way down, for `.epub` and
/// Markdown files, each a book. Outputs go in the output folder under the input's name, with
/// `.json` (or `.ndjson`) for its extension, keeping the sub-folders of a searched folder.
///
/// A searched folder is the boundary of what the search finds: a book file in it that is a
/// symbolic link (or lies under one) leading out of the folder is not read, and fails as its own
/// job, as a linked chapter of a single Markdown book would. An input named on the command line
/// is read wherever it leads: the user wrote it.
///
/// Inputs from a list (`listed`, what `--files-from` reads) keep their folders instead: the
/// output of `a/book.epub` is `a/book.json` in the output folder, so that two books of the same
/// name in different folders never meet, however the list is cut among processes. A leading `/`
/// is dropped; a path with `..` is refused, as its output would leave the folder.
public enum BatchPlan {
    public static func jobs(for inputs: [String], listed: [String] = [], into directory: String,
                            format: OutputFormat) throws(ConversionError) -> [BatchJob] {
        var jobs: [BatchJob] = []
        // Each input, the place of its output in the folder, and whether a searched folder's books
        // go under that place (a listed folder's) or straight into the folder (a named one's).
        var all = inputs.map { (input: $0, place: stem($0), keepsFolder: false) }
        for path in listed {
            let parts = path.split(separator: "/").filter { $0 != "." }
            if parts.contains("..") {
                throw .usage("\(path): a listed path with .. would put its output outside \(directory)")
            }
            // `.` or `/` is a folder to search, its books straight into the output folder.
            guard !parts.isEmpty || FileSystem.isDirectory(path) else { throw .usage("\(path): a listed path names no book") }
            all.append((path, parts.joined(separator: "/"), true))
        }
        for (input, place, keepsFolder) in all {
            guard let kind = FileSystem.kind(of: input) else {
                // Named but missing: a failure of its own, reported with the others.
                jobs.append(job(input, relative: withoutExtension(place), directory: directory, format: format))
                continue
            }
            if kind != .directory || isMarkdownBook(input) {
                jobs.append(job(input, relative: withoutExtension(place), directory: directory, format: format))
                continue
            }
            let under = keepsFolder ? place : ""
            let found = FileSystem.subpaths(of: input)
                .filter { path in
                    !path.split(separator: "/").contains { $0.hasPrefix(".") } && isBookFile(path)
                }
                .sorted()
            let root = RealPath.of(input)
            for path in found {
                let full = (input as NSString).appendingPathComponent(path)
                let relative = (path as NSString).deletingPathExtension
                var found = job(full, relative: under.isEmpty ? relative : under + "/" + relative, directory: directory,
                                format: format)
                let real = RealPath.of(full)
                if RealPath.relative(real, inside: root) == nil {
                    found.refusal = .unreadable(file: full, reason: "links outside the folder searched (to \(real)); not read")
                }
                jobs.append(found)
            }
        }
        var seen: [String: String] = [:]
        for job in jobs {
            if let other = seen.updateValue(job.name, forKey: job.output) {
                throw .usage("\(other) and \(job.name) would both be written to \(job.output)")
            }
        }
        return jobs
    }

    static let bookExtensions: Set<String> = ["epub", "md", "markdown", "mdown", "mkd", "mkdn", "mdwn"]

    private static func isBookFile(_ path: String) -> Bool {
        bookExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    private static func isMarkdownBook(_ folder: String) -> Bool {
        ["SUMMARY.md", "src/SUMMARY.md"].contains { FileSystem.exists((folder as NSString).appendingPathComponent($0)) }
    }

    private static func stem(_ path: String) -> String {
        var name = (path as NSString).lastPathComponent
        if name.isEmpty || name == "/" { name = "book" }
        return name
    }

    /// `place` without the extension of its last name.
    private static func withoutExtension(_ place: String) -> String {
        (place as NSString).deletingPathExtension
    }

    private static func job(_ input: String, relative: String, directory: String, format: OutputFormat) -> BatchJob {
        let output = (directory as NSString).appendingPathComponent(relative + "." + format.rawValue)
        return BatchJob(name: input, input: .paths([input]), output: output, relativeName: relative, directory: directory)
    }
}
