import Book2PagesKit
import FileNames
import Foundation
import YAML

/// `--defaults FILE`: options read from a YAML mapping, as pandoc's defaults files hold them,
/// each key an option's long name and its value what the command line would give:
///
///     target: swiftui-book
///     page-size: 360x560
///     font-size: 18
///     double-sided: true
///     metadata: [title=Poems, author=Anna]
///
/// A flag is `true` (given) or `false` (not given); an option given more than once takes a
/// list. The command line wins over the file: an option given on both is the command line's.
/// Values are read by the option table as the command line's are, so a wrong one gets the
/// same message.
enum DefaultsFile {
    static func merge(_ path: String, into parsed: inout ParsedArguments) throws(ConversionError) {
        let text: String
        do throws(SystemError) {
            text = String(decoding: try FileSystem.contents(ofFile: path, limit: Invocation.optionFileLimit), as: UTF8.self)
        } catch {
            throw .unreadable(file: path, reason: error.description)
        }
        let root: YAMLNode?
        do {
            root = try YAML.parse(text)
        } catch {
            throw .usage("--defaults \(path): line \(error.line): \(error.message)")
        }
        guard let root else { return }
        guard case .mapping(let entries) = root.value else {
            throw .usage("--defaults \(path): expected a mapping of option names to values, such as 'font-size: 18'")
        }
        var given = Set<String>()
        for entry in entries {
            let place = "--defaults \(path): line \(entry.value.line): \(entry.key)"
            guard let spec = OptionTable.named(entry.key), spec.name != "defaults" else {
                throw .usage("\(place): not an option of book2pages")
            }
            guard given.insert(spec.name).inserted else { throw .usage("\(place): given twice") }
            // The command line's own value wins.
            if parsed.has(spec.name) { continue }
            let values: [String]
            switch entry.value.value {
            case .scalar(let text): values = [text]
            case .sequence(let items) where spec.repeatable:
                values = try items.map { item throws(ConversionError) in
                    guard let text = item.scalar else { throw .usage("\(place): expected a list of values") }
                    return text
                }
            case .sequence, .mapping:
                throw .usage("\(place): expected \(spec.takesValue ? "a value" : "true or false")")
            }
            if !spec.takesValue {
                switch values[0].lowercased() {
                case "true", "yes", "on": parsed.add("", for: spec)
                case "false", "no", "off": break
                default: throw .usage("\(place): expected true or false")
                }
                continue
            }
            for value in values { parsed.add(value, for: spec) }
        }
    }
}
