import FileNames
import Foundation
import PageFormat

/// Keeps one book's pages from taking the place of another's. An output records where its book
/// is, from the output's folder (`Provenance.inputPaths`); before it is replaced, it must record
/// the same place, or hold the same bytes (a copy of the book, or the book moved), or the run
/// must say `--force`. Two books of one name in different folders, sent by two processes to one
/// output folder, then stop at the second with an error instead of one silently losing its pages.
/// An output from before places were recorded, or not one of ours, is replaced as any file is.
public enum OtherBookCheck {
    /// The check for writing `input`'s pages to `options.outputPath`; nil when there is nothing to
    /// check (`--force`, no output file, a book from standard input).
    public static func make(for input: BookInput, options: ConversionOptions) -> OutputFile.ReplacementCheck? {
        guard !options.replacesOtherBooks,
              let ours = Fingerprint.inputPaths(of: input, writtenTo: options.outputPath) else { return nil }
        return { path throws(ConversionError) in
            // A link at the output's name is replaced, not written through: not another book's pages.
            guard FileSystem.linkKind(of: path) == .regular, let recorded = RecordedOutput.provenance(at: path),
                  let theirs = recorded.inputPaths, theirs != ours else { return }
            // Hashed only now: it reads the whole book again, and most outputs replaced are its own.
            // A book that can't be hashed (missing, not a file) fails on its own, for its reason.
            guard let digest = Fingerprint.digest(of: input) else { return }
            if "sha256:" + digest == recorded.input { return }
            throw .outputFailed(file: path, reason: "holds the pages of another book (\(theirs.joined(separator: ", ")), "
                                + "from the output's folder), not of \(input.name); left as it is (--force replaces it)")
        }
    }
}
