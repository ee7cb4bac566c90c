import CZlib

/// What zlib said when it failed, in its words.
public struct GzipError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(status: Int32, message: String?) {
        description = message ?? String(cString: zError(status))
    }

    init(_ description: String) {
        self.description = description
    }
}
