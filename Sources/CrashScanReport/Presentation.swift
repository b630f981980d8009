#if canImport(Glibc)
    import Glibc
#endif

/// How text output is laid out for the person reading it: the width it wraps to and whether it
/// is coloured. Set once per command (`CLI.run`) for the task that renders.
public struct Presentation: Sendable, Equatable {
    /// Columns the text fits: the terminal's, else `$COLUMNS`, else 80.
    public var width: Int
    /// ANSI colour: on a terminal unless `NO_COLOR` is set (no-color.org); `CLICOLOR_FORCE=1`
    /// forces it on elsewhere.
    public var colour: Bool

    public init(width: Int = 80, colour: Bool = false) {
        self.width = max(40, width)
        self.colour = colour
    }

    @TaskLocal public static var current = Presentation()

    /// The presentation for standard output as this process finds it.
    public static func forStandardOutput(environment: [String: String]) -> Presentation {
        let isTerminal = isatty(1) == 1
        var width = 80
        if isTerminal, let columns = terminalColumns(), columns > 0 {
            width = columns
        } else if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            width = columns
        }
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let forced = environment["CLICOLOR_FORCE"].map { !$0.isEmpty && $0 != "0" } ?? false
        let dumb = environment["TERM"] == "dumb"
        return Presentation(width: width, colour: !noColour && ((isTerminal && !dumb) || forced))
    }

    static func terminalColumns() -> Int? {
        #if canImport(Glibc)
            var size = winsize()
            guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
            return Int(size.ws_col)
        #else
            return nil
        #endif
    }

    /// ANSI colours used for emphasis.
    public enum Colour: String, Sendable {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case bold = "1"
    }

    /// `text` in `colour` when colour is on.
    public func paint(_ text: String, _ colour: Colour) -> String {
        self.colour ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }
}
