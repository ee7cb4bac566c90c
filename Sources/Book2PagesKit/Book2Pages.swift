/// Facts about the tool itself.
public enum Book2Pages {
    public static let version = "0.1.0"
}
