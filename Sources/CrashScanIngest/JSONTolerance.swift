import Foundation

/// JSON as crash reporters write it: real KSCrash output can carry a trailing comma before a
/// closing bracket, which strict parsers refuse.
enum JSONTolerance {
    /// Parses strictly first, then once more without trailing commas.
    static func object(from data: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let repaired = withoutTrailingCommas(data)
            guard repaired != data else { throw error }
            return try JSONSerialization.jsonObject(with: repaired, options: [.fragmentsAllowed])
        }
    }

    /// Removes every `,` that is followed (after white space) by `}` or `]`, outside strings.
    static func withoutTrailingCommas(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == 92 {
                    escaped = true
                } else if byte == 34 {
                    inString = false
                }
            } else if byte == 34 {
                inString = true
                out.append(byte)
            } else if byte == 44 {
                var next = index + 1
                while next < bytes.count, [32, 9, 10, 13].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == 125 || bytes[next] == 93 {
                    index += 1
                    continue
                }
                out.append(byte)
            } else {
                out.append(byte)
            }
            index += 1
        }
        return Data(out)
    }
}
