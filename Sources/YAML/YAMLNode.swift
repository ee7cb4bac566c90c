/// A YAML value as plain Swift data. Scalars stay strings (`2024-05-01`, `true`, `42`): the reader
/// that asked knows what each key should hold.
public struct YAMLNode: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case scalar(String)
        case sequence([YAMLNode])
        /// Keys in the order written; a key written twice keeps both entries.
        case mapping([Entry])
    }

    public struct Entry: Sendable, Equatable {
        public let key: String
        public let value: YAMLNode
    }

    public let value: Value
    /// The line the value starts on, counting from 1.
    public let line: Int

    /// The scalar's text, or nil for a sequence or mapping.
    public var scalar: String? {
        if case .scalar(let text) = value { return text }
        return nil
    }

    /// The first value under `key` in a mapping.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries) = value else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

/// Why a YAML text could not be read, with the line where the problem was found.
public struct YAMLError: Error, Sendable, Equatable {
    public let line: Int
    public let message: String
}
