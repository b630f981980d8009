import CrashScanModel
import Foundation

/// Restores the symbols of a report's own frames (`App + 203280`) from the app's dSYMs: the
/// report's image is matched to a dSYM by UUID, the frame's offset into the image is added to the
/// dSYM's `__TEXT` address, and `llvm-symbolizer` names the function and source line.
///
/// Shared by the parsing threads: one symbolizer process, one report's frames per request,
/// behind a lock.
public final class Symbolicator: Sendable {
    public let index: DSYMIndex
    private let symbolizer: Locked<LLVMSymbolizer>

    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public init(index: DSYMIndex, executable: String? = nil) throws {
        guard let executable = executable ?? LLVMSymbolizer.locate() else {
            throw Unavailable(
                description:
                    "symbolication needs llvm-symbolizer (Debian: apt-get install llvm), or set CRASHSCAN_LLVM_SYMBOLIZER"
            )
        }
        self.index = index
        do {
            symbolizer = Locked(try LLVMSymbolizer(executable: executable))
        } catch let failure as LLVMSymbolizer.Failure {
            throw Unavailable(description: failure.description)
        }
    }

    /// Replaces every unsymbolicated frame whose image has a dSYM; counts them in
    /// `report.symbolicatedFrames`.
    public func symbolicate(_ report: inout CrashReport) {
        var wanted: [(position: Int, entry: DSYMIndex.Entry, address: UInt64)] = []
        for (position, frame) in report.frames.enumerated() where frame.isUnsymbolicated {
            guard let image = report.binaryImages.first(where: { $0.name == frame.image }),
                let uuid = image.uuid, let entry = index.entry(uuid: uuid),
                let offset = Symbolicator.offset(of: frame, in: image)
            else { continue }
            wanted.append((position, entry, entry.textAddress &+ offset))
        }
        guard !wanted.isEmpty else { return }
        var resolved: [Int: [LLVMSymbolizer.Answer]] = [:]
        let byFile = Dictionary(grouping: wanted, by: { "\($0.entry.path):\($0.entry.arch)" })
        for group in byFile.values {
            guard let entry = group.first?.entry else { continue }
            let addresses = group.map(\.address)
            let answers = symbolizer.withLock { symbolizer in
                (try? symbolizer.symbolize(file: entry.path, arch: entry.arch, addresses: addresses)) ?? []
            }
            for (item, chain) in zip(group, answers) where !chain.isEmpty { resolved[item.position] = chain }
        }
        guard !resolved.isEmpty else { return }
        report.frames = Self.replacing(report.frames, with: resolved)
        report.symbolicatedFrames += resolved.count
    }

    /// The frames with each resolved one replaced by its functions: the inlined ones first, marked
    /// so, then the function of the symbol table, all at the frame's number and address.
    static func replacing(_ frames: FrameList, with resolved: [Int: [LLVMSymbolizer.Answer]]) -> FrameList {
        var result = FrameList()
        for (position, old) in frames.enumerated() {
            guard let chain = resolved[position] else {
                result.append(old)
                continue
            }
            for (depth, answer) in chain.enumerated() {
                result.append(
                    index: old.index, image: old.image, address: old.address, symbol: answer.function,
                    rawSymbol: answer.function, offset: nil,
                    file: answer.file.map { ($0 as NSString).lastPathComponent }, line: answer.line,
                    isInlined: depth < chain.count - 1)
            }
        }
        return result
    }

    /// The UUIDs of the images whose frames are still offsets after `symbolicate`, split by
    /// whether a dSYM given holds them: `missing` no dSYM has (what the user must find), `held`
    /// a dSYM has but no frame resolved in it (an address outside its code). Images without a
    /// UUID are in neither.
    public func unresolvedUUIDs(_ report: CrashReport) -> (missing: [String], held: [String]) {
        var names: Set<String> = []
        for frame in report.frames where frame.isUnsymbolicated { names.insert(frame.image) }
        var missing: [String] = []
        var held: [String] = []
        for image in report.binaryImages where names.contains(image.name) {
            guard let uuid = image.uuid, !missing.contains(uuid), !held.contains(uuid) else { continue }
            if index.entry(uuid: uuid) == nil { missing.append(uuid) } else { held.append(uuid) }
        }
        return (missing, held)
    }

    /// The frame's offset into its image: given (`App + 203280`, `.ips` `imageOffset`), or the
    /// frame address less the image's load address.
    static func offset(of frame: Frame, in image: BinaryImage) -> UInt64? {
        if let offset = frame.offset { return offset }
        guard let text = frame.address, text.hasPrefix("0x"),
            let address = UInt64(text.dropFirst(2), radix: 16),
            let load = image.loadAddress, address >= load
        else { return nil }
        return address - load
    }
}
