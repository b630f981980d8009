import Foundation

/// One long-lived `llvm-symbolizer` process (Debian package `llvm`), fed addresses in batches
/// on standard input: `"FILE:ARCH" 0xADDRESS` per line, each answered by a function line and a
/// `file:line:column` line per function (the innermost inlined one first, the function of the
/// symbol table last) and an empty line. Starting one process per frame would cost a
/// process start (tens of milliseconds) per frame.
final class LLVMSymbolizer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One answer: the function, and the source location when the DWARF has it.
    struct Answer: Equatable {
        var function: String
        var file: String?
        var line: Int?
    }

    private let process = Process()
    private let input: FileHandle
    private let output: FileHandle
    private var pending: [UInt8] = []

    /// `$CRASHSCAN_LLVM_SYMBOLIZER`, else `llvm-symbolizer` on the PATH, else the one beside the
    /// Swift toolchain's `swift`.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let chosen = environment["CRASHSCAN_LLVM_SYMBOLIZER"], !chosen.isEmpty { return chosen }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for folder in folders {
            let candidate = folder + "/llvm-symbolizer"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    init(executable: String) throws {
        let stdin = Pipe()
        let stdout = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        // Inlined calls too: a report lists the outermost function at an address, and its line
        // (with `--no-inlines`) would be the innermost inlined function's line, not its own.
        process.arguments = ["--inlines", "--functions=linkage", "--demangle"]
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(executable): \(error.localizedDescription)")
        }
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
    }

    deinit {
        try? input.close()
        process.waitUntilExit()
    }

    /// Resolves `addresses` in the slice `arch` of `file`, in order: for each, the functions
    /// at the address, the innermost inlined one first (empty when unknown).
    func symbolize(file: String, arch: String, addresses: [UInt64]) throws -> [[Answer]] {
        guard !addresses.isEmpty else { return [] }
        let module = "\"\(file):\(arch)\""
        let request = addresses.map { "\(module) 0x\(String($0, radix: 16))\n" }.joined()
        do {
            try input.write(contentsOf: Data(request.utf8))
        } catch {
            throw Failure(description: "llvm-symbolizer stopped: \(error.localizedDescription)")
        }
        var answers: [[Answer]] = []
        for _ in addresses {
            var lines: [String] = []
            while true {
                let line = try readLine()
                if line.isEmpty { break }
                lines.append(line)
            }
            answers.append(LLVMSymbolizer.answers(lines))
        }
        return answers
    }

    /// A function line and a location line per function; none when the outermost is unknown.
    static func answers(_ lines: [String]) -> [Answer] {
        let chain = stride(from: 0, to: lines.count, by: 2).compactMap { start in
            answer(Array(lines[start..<min(start + 2, lines.count)]))
        }
        return chain.count * 2 >= lines.count ? chain : []
    }

    /// `function` / `file:line:column`; `??` means unknown.
    static func answer(_ lines: [String]) -> Answer? {
        guard let function = lines.first, function != "??", !function.isEmpty else { return nil }
        var answer = Answer(function: function)
        if lines.count > 1 {
            let parts = lines[1].split(separator: ":")
            if parts.count >= 3, parts[0] != "??", let line = Int(parts[parts.count - 2]), line > 0 {
                answer.file = String(parts[..<(parts.count - 2)].joined(separator: ":"))
                answer.line = line
            }
        }
        return answer
    }

    private func readLine() throws -> String {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let chunk = output.availableData
            guard !chunk.isEmpty else { throw Failure(description: "llvm-symbolizer ended early") }
            pending.append(contentsOf: chunk)
        }
    }
}
