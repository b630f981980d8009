import CArchive
import Foundation
import XCTest

/// Builds a real dSYM for the symbolication tests: an Objective-C file compiled by the toolchain's
/// clang into a Mach-O object with DWARF (`-target arm64-apple-ios12.0 -g -c`), given an `LC_UUID`
/// (clang writes none into objects and no linker here links for iOS), laid out as
/// `App.app.dSYM/Contents/Resources/DWARF/App`.
enum DSYMBuilder {
    static let source = """
        @interface LFPPlaceholderHelper
        - (void)applyPlaceholder:(id)textView;
        @end
        @implementation LFPPlaceholderHelper
        - (void)applyPlaceholder:(id)textView {
            int attempts = 1;
            (void)attempts;
            (void)textView;
        }
        @end
        int LFPHelperCount(int value) {
            return value * 2;
        }
        static inline __attribute__((always_inline)) int LFPClamp(int value) {
            if (value > 10) { value = 10; }
            return value * 3;
        }
        int LFPLayoutCount(int value) {
            int clamped = LFPClamp(value);
            return clamped + 1;
        }
        """

    /// The toolchain's clang: beside `swift` on the PATH.
    static func clang() throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for folder in folders {
            let swift = "\(folder)/swift"
            guard FileManager.default.isExecutableFile(atPath: swift) else { continue }
            let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            let clang = resolved.appendingPathComponent("clang").path
            if FileManager.default.isExecutableFile(atPath: clang) { return clang }
        }
        throw XCTSkip("the Swift toolchain's clang was not found beside swift on the PATH")
    }

    /// Compiles `source` in `folder` and returns the object's bytes.
    static func compileObject(in folder: URL) throws -> [UInt8] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sourceURL = folder.appendingPathComponent("Helper.m")
        try Data(source.utf8).write(to: sourceURL)
        let object = folder.appendingPathComponent("Helper.o")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try clang())
        process.arguments = [
            "-target", "arm64-apple-ios12.0", "-g", "-c", "-Wno-objc-root-class", sourceURL.path, "-o",
            object.path,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "clang compiles the helper")
        return [UInt8](try Data(contentsOf: object))
    }

    /// A Swift source that needs no standard library (this toolchain has none for iOS):
    /// `swiftc -parse-stdlib` compiles it into an arm64 Mach-O object with DWARF and a mangled
    /// `$s…` symbol.
    static let swiftSource = """
        public final class CrashClass {
            public static func pleaseCrash(_ value: Builtin.Int64) -> Builtin.Int64 {
                return value
            }
        }
        """

    /// The mangled symbol of `CrashClass.pleaseCrash` in the object's symbol table.
    static let swiftSymbol = "_$s15iOSCrashingTest10CrashClassC06pleaseC0yBi64_Bi64_FZ"

    /// Compiles `swiftSource` (module iOSCrashingTest) in `folder` and returns the object's bytes.
    static func compileSwiftObject(in folder: URL) throws -> [UInt8] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sourceURL = folder.appendingPathComponent("CrashClass.swift")
        try Data(swiftSource.utf8).write(to: sourceURL)
        let object = folder.appendingPathComponent("CrashClass.o")
        let swiftc = URL(fileURLWithPath: try clang()).deletingLastPathComponent().appendingPathComponent(
            "swiftc")
        let process = Process()
        process.executableURL = swiftc
        process.arguments = [
            "-target", "arm64-apple-ios15.0", "-parse-stdlib", "-g", "-c", "-module-name", "iOSCrashingTest",
            sourceURL.path, "-o", object.path,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "swiftc compiles the Swift helper")
        return [UInt8](try Data(contentsOf: object))
    }

    /// `folder/App.app.dSYM/…/DWARF/App` made of the Swift object, with `uuid`.
    @discardableResult
    static func makeSwiftDSYM(in folder: URL, uuid: [UInt8], app: String = "App") throws -> URL {
        let object = try compileSwiftObject(in: folder)
        let dwarf = folder.appendingPathComponent("\(app).app.dSYM/Contents/Resources/DWARF")
        try FileManager.default.createDirectory(at: dwarf, withIntermediateDirectories: true)
        try Data(addingUUID(uuid, to: object)).write(to: dwarf.appendingPathComponent(app))
        return folder.appendingPathComponent("\(app).app.dSYM")
    }

    /// The object with an `LC_UUID` load command added after the others. Everything after the
    /// load commands moves by `shift` bytes (a multiple of 16, so section alignment holds), and
    /// every file offset in the load commands moves with it.
    static func addingUUID(_ uuid: [UInt8], to object: [UInt8]) -> [UInt8] {
        precondition(uuid.count == 16)
        let shift = 32
        var bytes = object
        func read32(_ at: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
        }
        func write32(_ value: UInt32, _ at: Int) {
            for index in 0..<4 { bytes[at + index] = UInt8((value >> (8 * index)) & 0xff) }
        }
        func bump(_ at: Int) {
            let value = read32(at)
            if value != 0 { write32(value + UInt32(shift), at) }
        }
        let commandCount = Int(read32(16))
        let commandsSize = Int(read32(20))
        var position = 32
        for _ in 0..<commandCount {
            let command = read32(position)
            let size = Int(read32(position + 4))
            switch command {
            case 0x19:  // LC_SEGMENT_64: fileoff (u64 at +40), then each section_64 (80 bytes).
                bump(position + 40)
                let sections = Int(read32(position + 64))
                for index in 0..<sections {
                    let section = position + 72 + index * 80
                    bump(section + 48)  // offset
                    bump(section + 56)  // reloff
                }
            case 0x2:  // LC_SYMTAB: symoff, stroff
                bump(position + 8)
                bump(position + 16)
            case 0xb:  // LC_DYSYMTAB: the table offsets
                for field in [32, 40, 48, 56, 64, 72] { bump(position + field) }
            case 0x29, 0x2e, 0x26:  // LC_DATA_IN_CODE, LC_LINKER_OPTIMIZATION_HINT, LC_FUNCTION_STARTS
                bump(position + 8)
            default: break
            }
            position += size
        }
        let end = 32 + commandsSize
        var command: [UInt8] = []
        for value in [UInt32(0x1b), UInt32(24)] {
            command += (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) }
        }
        command += uuid
        command += [UInt8](repeating: 0, count: shift - command.count)
        bytes.insert(contentsOf: command, at: end)
        write32(UInt32(commandCount + 1), 16)
        write32(UInt32(commandsSize + 24), 20)
        return bytes
    }

    /// `folder/App.app.dSYM/Contents/Resources/DWARF/App` with the compiled helper and `uuid`.
    @discardableResult
    static func makeDSYM(in folder: URL, uuid: [UInt8], app: String = "App") throws -> URL {
        let object = try compileObject(in: folder)
        let dwarf = folder.appendingPathComponent("\(app).app.dSYM/Contents/Resources/DWARF")
        try FileManager.default.createDirectory(at: dwarf, withIntermediateDirectories: true)
        let file = dwarf.appendingPathComponent(app)
        try Data(addingUUID(uuid, to: object)).write(to: file)
        return folder.appendingPathComponent("\(app).app.dSYM")
    }

    /// The address of `symbol` in the object's `__text` (from its symbol table).
    static func address(of symbol: String, in object: [UInt8]) -> UInt64? {
        func read32(_ at: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(object[at + $1]) << (8 * $1) }
        }
        var position = 32
        for _ in 0..<Int(read32(16)) {
            if read32(position) == 0x2 {
                let symbols = Int(read32(position + 8))
                let count = Int(read32(position + 12))
                let strings = Int(read32(position + 16))
                for index in 0..<count {
                    let entry = symbols + index * 16
                    let nameOffset = strings + Int(read32(entry))
                    let name = String(decoding: object[nameOffset...].prefix { $0 != 0 }, as: UTF8.self)
                    if name == symbol {
                        return UInt64(read32(entry + 8)) | UInt64(read32(entry + 12)) << 32
                    }
                }
            }
            position += Int(read32(position + 4))
        }
        return nil
    }

    /// A zip of `folder`'s dSYM bundle, written with libarchive as Xcode's Organizer would hand it out.
    static func zip(_ bundle: URL, to zipURL: URL) throws {
        guard let archive = archive_write_new() else { throw XCTSkip("libarchive") }
        defer { archive_write_free(archive) }
        archive_write_set_format_zip(archive)
        XCTAssertEqual(archive_write_open_filename(archive, zipURL.path), ARCHIVE_OK)
        let base = bundle.deletingLastPathComponent().path
        let walker = FileManager.default.enumerator(atPath: bundle.path)
        while let relative = walker?.nextObject() as? String {
            let full = bundle.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full.path, isDirectory: &isFolder),
                !isFolder.boolValue
            else { continue }
            let data = try Data(contentsOf: full)
            let entry = archive_entry_new()
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, String(full.path.dropFirst(base.count + 1)))
            archive_entry_set_size(entry, la_int64_t(data.count))
            archive_entry_set_filetype(entry, carchive_regular_file_type())
            archive_entry_set_perm(entry, 0o644)
            archive_write_header(archive, entry)
            _ = data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
        }
        archive_write_close(archive)
    }
}
