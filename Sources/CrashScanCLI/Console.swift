import Foundation

/// Where the command line writes. Tests capture it; the binary writes to the real streams.
public protocol Console: AnyObject {
    func out(_ text: String)
    func err(_ text: String)
    /// True when standard error is a terminal (progress is shown only then).
    var errIsTerminal: Bool { get }
}

/// Standard output and standard error of the process.
public final class StandardConsole: Console {
    public init() {}

    public func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public var errIsTerminal: Bool { isatty(2) == 1 }
}
