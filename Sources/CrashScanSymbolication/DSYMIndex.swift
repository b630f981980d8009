import CrashScanArchive
import CrashScanModel
import Foundation

/// The dSYMs a user gave (`--dsym PATH`: a `.dSYM` bundle, a folder of them, an archive of them,
/// or a Mach-O file), indexed by the UUID of each architecture slice.
public final class DSYMIndex: Sendable {
    /// One slice of one DWARF file.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var arch: String
        public var textAddress: UInt64
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
        /// True when the path does not exist (exit 66), false when it holds no usable dSYM (65).
        public var missing = false
    }

    /// UUID (upper-case hex, no dashes) → where its DWARF is.
    public let entries: [String: Entry]
    /// Temporary folder holding unpacked archives, removed when the index goes.
    private let scratch: String?

    /// `limits` bound what an archive of dSYMs may expand to on disk, as an import's archives.
    public init(paths: [String], limits: ArchiveLimits = ArchiveLimits()) throws {
        var entries: [String: Entry] = [:]
        var scratch: String?
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw Failure(description: "--dsym \(path): no such file or folder", missing: true)
            }
            var files: [String]
            if !isFolder.boolValue, let kind = RegularFile.notRegular(path) {
                throw Failure(description: "--dsym \(path): \(kind), not a dSYM (never opened)")
            }
            if isFolder.boolValue {
                files = DSYMIndex.files(under: path)
            } else if DSYMIndex.isArchive(path) {
                let folder = scratch ?? NSTemporaryDirectory() + "crashscan-dsym-\(UUID().uuidString)"
                scratch = folder
                let unpacked = folder + "/\(entries.count)-\((path as NSString).lastPathComponent)"
                do {
                    _ = try DSYMArchive.extract(path, into: unpacked, limits: limits)
                } catch let failure as DSYMArchive.Failure {
                    // What was unpacked so far goes with it (up to the limit: a gigabyte).
                    try? FileManager.default.removeItem(atPath: folder)
                    throw Failure(description: "--dsym \(failure.description)")
                }
                files = DSYMIndex.files(under: unpacked)
            } else {
                files = [path]
            }
            var found = 0
            for file in files {
                guard let machO = DSYMIndex.machO(at: file) else { continue }
                for slice in machO.slices {
                    guard let uuid = slice.uuid else { continue }
                    entries[uuid] = Entry(path: file, arch: slice.arch, textAddress: slice.textAddress)
                    found += 1
                }
            }
            if found == 0 {
                if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
                throw Failure(
                    description:
                        "--dsym \(path): no dSYM with a UUID found (expected App.app.dSYM, a folder or a zip of them)"
                )
            }
        }
        self.entries = entries
        self.scratch = scratch
    }

    deinit {
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
    }

    public func entry(uuid: String) -> Entry? { entries[BinaryImage.normalizedUUID(uuid)] }

    /// Every regular file under `folder`: the DWARF files of `.dSYM` bundles first (where Xcode
    /// puts them), any other Mach-O file too. A FIFO, device or socket there is left out (an
    /// open of a FIFO waits for a writer: `--dsym` of such a folder hung).
    static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let full = folder + "/" + relative
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                RegularFile.notRegular(full) == nil
            {
                found.append(full)
            }
        }
        return found.sorted()
    }

    static func isArchive(_ path: String) -> Bool {
        guard case .success(let file) = RegularFile.open(path) else { return false }
        let handle = FileHandle(fileDescriptor: file.descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 262)) ?? Data()
        return ArchiveReader.looksLikeArchive(head)
    }

    /// The Mach-O header and load commands of `path` (read from the start of the file and of
    /// each slice; a dSYM's DWARF itself is never read here).
    static func machO(at path: String) -> MachOFile? {
        guard case .success(let file) = RegularFile.open(path) else { return nil }
        let handle = FileHandle(fileDescriptor: file.descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 16), head.count >= 8,
            let size = try? handle.seekToEnd()
        else { return nil }
        let bytes = [UInt8](head)
        let magic = MachOFile.read32(bytes, 0, bigEndian: true)
        guard magic == 0xcafe_babe || magic == 0xcafe_babf else { return MachOFile(bytes: bytes) }
        // Universal: each slice's header lies at its own offset, which must lie in the file (an
        // offset past it made `seek` trap: the process ended with SIGILL).
        let count = Int(MachOFile.read32(bytes, 4, bigEndian: true))
        let wide = magic == 0xcafe_babf
        var slices: [MachOFile.Slice] = []
        for index in 0..<min(count, 64) {
            let entry = 8 + index * (wide ? 32 : 20)
            guard entry + (wide ? 32 : 20) <= bytes.count else { break }
            let offset =
                wide
                ? MachOFile.read64(bytes, entry + 8, bigEndian: true)
                : UInt64(MachOFile.read32(bytes, entry + 8, bigEndian: true))
            guard size >= 28, offset <= size - 28, (try? handle.seek(toOffset: offset)) != nil,
                let sliceHead = try? handle.read(upToCount: 1 << 16),
                let slice = MachOFile.thinSlice([UInt8](sliceHead), at: 0)
            else { continue }
            slices.append(slice)
        }
        return slices.isEmpty ? nil : MachOFile(slices: slices)
    }
}

extension MachOFile {
    init(slices: [Slice]) { self.slices = slices }
}
