import CYAML

/// Reads YAML with libyaml's event parser; this is the only file that touches libyaml. Only the
/// first document is read. Anchors and aliases are not followed — an alias reads as an empty
/// scalar — so no "billion laughs" expansion can happen, and nesting deeper than
/// `maximumDepth` is refused rather than followed.
public enum YAML {
    public static let maximumDepth = 64

    /// The first document's root value, or nil when the text holds no document.
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        // libyaml reads the buffer while parsing, so the whole parse happens inside its scope.
        let outcome: Result<YAMLNode?, YAMLError> = bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) != 0 else {
                return .failure(YAMLError(line: 1, message: "the YAML parser could not start"))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder()
            while !builder.isFinished {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    return .failure(problem(of: parser))
                }
                defer { yaml_event_delete(&event) }
                if let error = builder.take(event) { return .failure(error) }
            }
            return .success(builder.root)
        }
        return try outcome.get()
    }

    private static func problem(of parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "not valid YAML"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) { message = "\(context): \(problem)" }
        return YAMLError(line: Int(parser.problem_mark.line) + 1, message: message)
    }
}

/// Builds nodes from parser events with an explicit stack of open containers.
private struct TreeBuilder {
    private(set) var root: YAMLNode?
    private(set) var isFinished = false
    private var open: [Container] = []

    private struct Container {
        let isMapping: Bool
        let line: Int
        var items: [YAMLNode] = []
    }

    mutating func take(_ event: yaml_event_t) -> YAMLError? {
        let line = Int(event.start_mark.line) + 1
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
            add(YAMLNode(value: .scalar(text), line: line))
        case YAML_ALIAS_EVENT:
            add(YAMLNode(value: .scalar(""), line: line))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard open.count < YAML.maximumDepth else {
                return YAMLError(line: line, message: "nested more than \(YAML.maximumDepth) levels deep")
            }
            open.append(Container(isMapping: event.type == YAML_MAPPING_START_EVENT, line: line))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let container = open.popLast() else { break }
            if container.isMapping {
                var entries: [YAMLNode.Entry] = []
                for pair in stride(from: 0, to: container.items.count - 1, by: 2) {
                    guard let key = container.items[pair].scalar else {
                        return YAMLError(line: container.items[pair].line, message: "a key must be a plain value")
                    }
                    entries.append(YAMLNode.Entry(key: key, value: container.items[pair + 1]))
                }
                add(YAMLNode(value: .mapping(entries), line: container.line))
            } else {
                add(YAMLNode(value: .sequence(container.items), line: container.line))
            }
        case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
            isFinished = true
        default:
            break
        }
        return nil
    }

    private mutating func add(_ node: YAMLNode) {
        if open.isEmpty {
            root = node
        } else {
            open[open.count - 1].items.append(node)
        }
    }
}
