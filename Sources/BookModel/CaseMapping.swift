/// Letters put in another case where the layout changes the book's text (CSS `text-transform`,
/// small capitals), only where the change keeps the text as long: each character's UTF-8 bytes
/// and scalars stay as many, so offsets into the text (page locations, EPUB CFIs) still lead to
/// the same characters. A letter whose other case is longer (`ß` → `SS`) is left as it is.
public enum CaseMapping {
    /// `character` in upper case, when that is as long.
    public static func upper(_ character: Character) -> Character {
        same(character, String(character).uppercased())
    }

    /// `character` in lower case, when that is as long.
    public static func lower(_ character: Character) -> Character {
        same(character, String(character).lowercased())
    }

    /// Whether `character` is a letter that `upper` changes: what small capitals set smaller.
    public static func becomesCapital(_ character: Character) -> Bool {
        character.isLowercase && upper(character) != character
    }

    private static func same(_ character: Character, _ mapped: String) -> Character {
        guard mapped.utf8.count == character.utf8.count, mapped.unicodeScalars.count == character.unicodeScalars.count,
              mapped.count == 1, let first = mapped.first else { return character }
        return first
    }
}
