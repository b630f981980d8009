import CrashScanModel
import CrashScanStore

/// Where the blame frame is in the app's source (`CrashClass.swift:14`), from the frames of the
/// report that stands for the group: the first frame whose symbol is the blame frame's (compared
/// by their stable demangled names). Nil when no frame of it carries a file.
enum BlameLocation {
    static func find(blame: String?, in frames: [SampleReport.FrameLine]) -> String? {
        guard let blame else { return nil }
        let wanted = SymbolNames.stable(blame)
        return frames.first { frame in
            frame.location != nil && !frame.inlined
                && (frame.symbol == blame
                    || SymbolNames.stable(frame.mangledSymbol ?? frame.symbol) == wanted)
        }?.location
    }

    /// `NoteView.setup() -> () (NoteView.swift:12)`, or the blame frame alone.
    static func text(_ blame: String, location: String?) -> String {
        location.map { "\(blame) (\($0))" } ?? blame
    }
}
