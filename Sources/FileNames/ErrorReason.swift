import Foundation

extension SystemError {
    /// What went wrong in the operating system's own words (`Permission denied`, `Read-only file
    /// system`), for an error Foundation threw: its `localizedDescription` on Linux is most often
    /// "The operation could not be completed. (NSCocoaErrorDomain error 256.)", which says
    /// nothing. The `errno` comes from the POSIX error underneath, else from the Cocoa code's
    /// meaning; Foundation's own words only when there is neither.
    public static func reason(for error: any Error) -> String {
        if let error = error as? SystemError { return error.description }
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return SystemError(code: Int32(posix.code)).description
        }
        if nsError.domain == NSPOSIXErrorDomain { return SystemError(code: Int32(nsError.code)).description }
        if nsError.domain == NSCocoaErrorDomain, let code = cocoaErrno[nsError.code] {
            return SystemError(code: code).description
        }
        if let reason = nsError.localizedFailureReason { return reason }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case CocoaError.fileReadUnknown.rawValue: return "could not be read"
            case CocoaError.fileWriteUnknown.rawValue: return "could not be written"
            default: break
            }
        }
        return nsError.localizedDescription
    }

    /// The Cocoa file errors that stand for one `errno`.
    private static let cocoaErrno: [Int: Int32] = [
        CocoaError.fileNoSuchFile.rawValue: ENOENT,
        CocoaError.fileReadNoSuchFile.rawValue: ENOENT,
        CocoaError.fileLocking.rawValue: ENOLCK,
        CocoaError.fileReadNoPermission.rawValue: EACCES,
        CocoaError.fileWriteNoPermission.rawValue: EACCES,
        CocoaError.fileReadTooLarge.rawValue: EFBIG,
        CocoaError.fileWriteFileExists.rawValue: EEXIST,
        CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC,
        CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS,
    ]
}
