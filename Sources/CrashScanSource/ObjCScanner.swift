/// Finds Key-Value Coding calls in Objective-C tokens: `[receiver setValue:v forKey:KEY]`,
/// `forKeyPath:`, `valueForKey:`, `valueForKeyPath:`, with the key a literal, a `#define` or a
/// string constant of the file; split over lines and with comments between arguments, since the
/// lexer already dropped those.
struct ObjCScanner: TokenReader {
    let bytes: [UInt8]
    let tokens: [SourceToken]
    let macros: [String: String]

    init(bytes: [UInt8]) {
        let lexer = ObjCLexer(bytes)
        self.bytes = bytes
        tokens = lexer.tokens
        macros = lexer.stringMacros
    }

    // MARK: - Declarations

    /// Classes, their superclasses, properties and instance variables declared in this file.
    func declarations() -> SourceDeclarations {
        var found = SourceDeclarations()
        var owner: String?
        var isCategory = false
        var index = 0
        while index < tokens.count {
            if isKeyword(index, "@interface") || isKeyword(index, "@implementation"), isIdentifier(index + 1)
            {
                owner = text(index + 1)
                isCategory = isPunctuation(index + 2, 40)  // `(Category)` or `()`
                if isPunctuation(index + 2, 58), isIdentifier(index + 3) {  // `: Superclass`
                    found.declareClass(text(index + 1), superclass: text(index + 3))
                } else if isKeyword(index, "@interface"), !isCategory {
                    found.declareClass(text(index + 1), superclass: nil)
                }
                if isPunctuation(index + 2, 40), isPunctuation(index + 3, 41) { isCategory = false }  // `()`
                index = instanceVariables(
                    after: index + 2, owner: text(index + 1), into: &found, skip: isCategory)
                continue
            }
            if isKeyword(index, "@end") { owner = nil }
            if let owner, let (name, type) = methodDeclaration(at: index) {
                found.methodTypes[owner, default: [:]][name] = type
            }
            if isKeyword(index, "@property"), let owner {
                let (name, type, end) = property(at: index + 1)
                if let name, !isCategory {
                    found.declareMember(name, type: type, in: owner, objectiveC: true)
                }
                if let name, let type, isCategory { found.propertyTypes[owner, default: [:]][name] = type }
                index = end
                continue
            }
            index += 1
        }
        return found
    }

    /// `{ UILabel *_label; … }` after a class header: instance variables. Returns where to go on.
    private func instanceVariables(
        after start: Int, owner: String, into found: inout SourceDeclarations, skip: Bool
    )
        -> Int
    {
        var index = start
        // Past the rest of the header (`(Category)`, `: Super`, `<Protocols>`), up to `{` or a member.
        while index < tokens.count, !isPunctuation(index, 123), !isPunctuation(index, 45),
            !isPunctuation(index, 43),
            !isKeyword(index, "@property"), !isKeyword(index, "@end")
        {
            if isPunctuation(index, 59) { return index }
            index += 1
        }
        guard isPunctuation(index, 123) else { return index }
        var depth = 0
        var last: Int?
        while index < tokens.count {
            if isPunctuation(index, 123) { depth += 1 }
            if isPunctuation(index, 125) {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            if depth == 1, isIdentifier(index) { last = index }
            if depth == 1, isPunctuation(index, 59), let name = last, !skip {
                let type = tokens[start..<name].indices.last { isIdentifier($0) && $0 < name }
                found.declareMember(text(name), type: type.map(text), in: owner, objectiveC: true)
                last = nil
            }
            index += 1
        }
        return index
    }

    /// `- (UITextField *)searchField` or `- (UITextField *)fieldIn:(UIView *)view` at the start of a
    /// line: the method's first selector piece and its return type.
    private func methodDeclaration(at index: Int) -> (name: String, type: String)? {
        guard isPunctuation(index, 45) || isPunctuation(index, 43), isPunctuation(index + 1, 40),
            isIdentifier(index + 2), isPunctuation(index + 3, 42), isPunctuation(index + 4, 41),
            isIdentifier(index + 5), startsLine(index)
        else { return nil }
        return (text(index + 5), text(index + 2))
    }

    /// `(nonatomic, strong) IBOutlet UITextView *textView;`: the name, the type, and the index
    /// after the `;`.
    private func property(at start: Int) -> (name: String?, type: String?, end: Int) {
        var index = start
        if isPunctuation(index, 40) {
            while index < tokens.count, !isPunctuation(index, 41) { index += 1 }
            index += 1
        }
        var identifiers: [Int] = []
        while index < tokens.count, !isPunctuation(index, 59) {
            if isIdentifier(index) { identifiers.append(index) }
            if isKeyword(index, "@end") || isKeyword(index, "@property") { return (nil, nil, index) }
            index += 1
        }
        let qualifiers: Set<String> = [
            "IBOutlet", "nullable", "nonnull", "_Nullable", "_Nonnull", "__weak", "__strong", "const",
            "__kindof", "IBInspectable",
        ]
        let type = identifiers.dropLast().first { !qualifiers.contains(text($0)) }
        return (identifiers.last.map(text), type.map(text), index + 1)
    }

    // MARK: - Calls

    /// Every KVC call with a constant key.
    func callSites(path: String, declarations: SourceDeclarations, lines: LineIndex) -> [KVCCallSite] {
        let constants = stringConstants()
        let variables = variableTypes()
        var sites: [KVCCallSite] = []
        var openBrackets: [Int] = []
        var implementation: String?
        for index in tokens.indices {
            if isKeyword(index, "@implementation"), isIdentifier(index + 1) {
                implementation = text(index + 1)
            }
            if isKeyword(index, "@end") { implementation = nil }
            if isPunctuation(index, 91) { openBrackets.append(index) }
            if isPunctuation(index, 93) { _ = openBrackets.popLast() }
            guard let open = openBrackets.last, isIdentifier(index), isPunctuation(index + 1, 58),
                index > open + 1
            else { continue }
            let selectorStart = text(index)
            guard ["setValue", "valueForKey", "valueForKeyPath"].contains(selectorStart) else { continue }
            guard let (accessor, keyStart) = keyArgument(selectorStart, at: index) else { continue }
            guard let (key, keyEnd) = keyValue(from: keyStart, constants: constants) else { continue }
            let receiverTokens = (open + 1)..<index
            let receiver = Self.receiverText(receiverTokens.map(text))
            let (type, reason) = receiverType(
                receiverTokens, implementation: implementation, declarations: declarations,
                variables: variables)
            let resolved = type.map(declarations.resolve)
            let start = lines.location(of: tokens[keyStart].start)
            let end = lines.location(of: tokens[keyEnd].end)
            let site = KVCCallSite(
                path: path, language: .objectiveC, line: start.line, column: start.column, endLine: end.line,
                endColumn: end.column, accessor: accessor, receiver: receiver,
                receiverClass: resolved?.receiverClass,
                classReason: reason, appClass: resolved?.app, keyPath: key,
                keyIsAppsOwn: resolved?.app.map {
                    declarations.declares(String(key.prefix { $0 != "." }), inClassChainOf: $0)
                } ?? false,
                lineText: lines.text(ofLine: start.line))
            sites.append(site)
        }
        return sites
    }

    /// For `setValue`, the `forKey:`/`forKeyPath:` label at the same bracket depth; for the
    /// getters, the argument itself. The accessor and the index of the key's first token.
    private func keyArgument(_ selectorStart: String, at index: Int) -> (String, Int)? {
        if selectorStart != "setValue" { return ("\(selectorStart):", index + 2) }
        var depth = 0
        var position = index + 2
        while position < tokens.count {
            if isPunctuation(position, 91) || isPunctuation(position, 40) { depth += 1 }
            if isPunctuation(position, 93) || isPunctuation(position, 41) {
                if depth == 0 { return nil }
                depth -= 1
            }
            if depth == 0, isIdentifier(position), isPunctuation(position + 1, 58) {
                let label = text(position)
                guard label == "forKey" || label == "forKeyPath" else { return nil }
                return ("setValue:\(label):", position + 2)
            }
            position += 1
        }
        return nil
    }

    /// The key's text when the argument is string literals (`@"a" @"b"`), a macro or a constant,
    /// and the index of its last token; nil for anything computed.
    private func keyValue(from start: Int, constants: [String: String]) -> (String, Int)? {
        var position = start
        var value = ""
        while position < tokens.count, let part = tokens[position].stringValue {
            value += part
            position += 1
        }
        if position > start, isPunctuation(position, 93) { return (value, position - 1) }
        guard position == start, isIdentifier(start), isPunctuation(start + 1, 93) else { return nil }
        let name = text(start)
        guard let constant = macros[name] ?? constants[name] else { return nil }
        return (constant, start)
    }

    /// `static NSString * const kKey = @"…";`, `NSString *const kKey = @"…";` of this file.
    private func stringConstants() -> [String: String] {
        var constants: [String: String] = [:]
        for index in tokens.indices where isPunctuation(index, 61) {  // =
            guard isIdentifier(index - 1), let value = tokens[safe: index + 1]?.stringValue,
                isPunctuation(index + 2, 59)
            else { continue }
            // The declaration before the name: NSString, `*`, maybe `const`.
            let before = tokens[max(0, index - 5)..<(index - 1)].indices.map(text)
            guard before.contains("NSString") else { continue }
            constants[text(index - 1)] = value
        }
        return constants
    }

    /// `UITextField *field` and `(UISearchBar *)searchBar` of this file: each name with its type and
    /// where it is declared (a call uses the nearest declaration before it).
    private func variableTypes() -> [String: [(at: Int, type: String)]] {
        var variables: [String: [(at: Int, type: String)]] = [:]
        for index in tokens.indices where isPunctuation(index, 42) {  // *
            guard isIdentifier(index - 1), let first = text(index - 1).utf8.first, (65...90).contains(first)
            else {
                continue
            }
            var name = index + 1
            if isPunctuation(name, 41) { name += 1 }  // `(Type *)name`
            while isIdentifier(name),
                ["const", "_Nullable", "_Nonnull", "__strong", "__weak"].contains(text(name))
            {
                name += 1
            }
            guard isIdentifier(name) else { continue }
            variables[text(name), default: []].append((index, text(index - 1)))
        }
        // `id name` and `(id)name`: declared, but of no particular class.
        for index in tokens.indices where isIdentifier(index, "id") {
            var name = index + 1
            if isPunctuation(name, 41) { name += 1 }
            guard isIdentifier(name), !isPunctuation(name + 1, 58) else { continue }
            variables[text(name), default: []].append((index, "id"))
        }
        return variables.mapValues { $0.sorted { $0.at < $1.at } }
    }

    /// The declared type of the receiver, and how it was decided (or why it is unknown).
    private func receiverType(
        _ range: Range<Int>, implementation: String?, declarations: SourceDeclarations,
        variables: [String: [(at: Int, type: String)]]
    ) -> (String?, String) {
        let simple = simpleReceiverType(
            range, implementation: implementation, declarations: declarations, variables: variables)
        guard simple.0 == nil else { return simple }
        let words = range.map(text)
        let chained = chainType(words, implementation: implementation, declarations: declarations) { name in
            variables[name]?.last { $0.at < range.lowerBound }?.type
        }
        guard let chained else { return simple }
        return (chained, "\(Self.receiverText(words)) is a \(chained) (the declared types along it)")
    }

    /// The receiver's tokens as the code writes them: `[self labelIn:self.view]`, `(UITextField *)x`.
    static func receiverText(_ words: [String]) -> String {
        func isWordByte(_ byte: UInt8?) -> Bool { byte.map(SourceBytes.isIdentifierByte) ?? false }
        var text = ""
        for word in words {
            let left = text.utf8.last
            let right = word.utf8.first
            // A space after a word or `]`, before a word, `*` or `@`: `[self labelIn:x]`, `UIView *`.
            if isWordByte(left) || left == 93, isWordByte(right) || right == 42 || right == 64 {
                text += " "
            }
            text += word
        }
        return text
    }

    /// The type of a message's result (`[self searchField]`, `[bar fieldIn:view]`) or of a chain of
    /// properties (`self.searchBar.searchTextField`): the receiver's declared type, then each
    /// step's declared type in the sources (a method's return type, a property's) or in UIKit's
    /// runtime headers; nil when a step's type is not known.
    private func chainType(
        _ words: [String], implementation: String?, declarations: SourceDeclarations,
        variable: (String) -> String?
    ) -> String? {
        var names: [String]
        var isCall = false
        if words.count >= 4, words[0] == "[", words.last == "]" {
            names = [words[1], words[2]]  // `[receiver selector…]`: one message to a simple receiver
            isCall = true
            guard words.count == 4 || words[3] == ":" else { return nil }
        } else {
            guard words.count >= 3, words.count % 2 == 1,
                words.indices.allSatisfy({ ($0 % 2 == 1) == (words[$0] == ".") })
            else { return nil }
            names = words.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        }
        let first = names.removeFirst()
        let start: String?
        if first == "self" || first == "super" {
            start = implementation
        } else if let declared = variable(first), declared != "id" {
            start = declared
        } else {
            start = declarations.type(
                ofProperty: first.hasPrefix("_") ? String(first.dropFirst()) : first, on: implementation)
        }
        guard let start else { return nil }
        let steps = names.map { SourceDeclarations.ChainStep(name: $0, isCall: isCall) }
        return declarations.type(of: steps, from: start, objectiveC: true)
    }

    /// A receiver whose type a declaration, a cast or a well-known name gives.
    private func simpleReceiverType(
        _ range: Range<Int>, implementation: String?, declarations: SourceDeclarations,
        variables: [String: [(at: Int, type: String)]]
    ) -> (String?, String) {
        let words = range.map(text)
        func variable(_ name: String) -> String? { variables[name]?.last { $0.at < range.lowerBound }?.type }
        switch words.count {
        case 1 where words[0] == "self" || words[0] == "super":
            guard let implementation else { return (nil, "self outside an @implementation") }
            return (implementation, "self in @implementation \(implementation)")
        case 1:
            let name = words[0]
            if variable(name) == "id" {
                return (nil, "\(name) is declared id, so its class is not known from the code")
            }
            if let type = variable(name) { return (type, "declared \(type) *\(name)") }
            if name.hasPrefix("_"),
                let type = declarations.type(ofProperty: String(name.dropFirst()), on: implementation)
            {
                return (type, "instance variable of the property \(name.dropFirst()) (\(type))")
            }
            return (nil, "the type of \(name) is not declared in this file")
        case 3 where words[0] == "self" && words[1] == ".":
            if let type = declarations.type(ofProperty: words[2], on: implementation) {
                return (type, "property \(words[2]) declared \(type)")
            }
            return (nil, "the type of self.\(words[2]) is not declared in the sources")
        case 4 where words[0] == "[" && words[3] == "]" && words[2] == "sharedApplication":
            return ("UIApplication", "[UIApplication sharedApplication]")
        case 5... where words[0] == "(" && words[2] == "*" && words[3] == ")":
            return (words[1], "cast to \(words[1]) *")
        default:
            if words.count >= 3, words[words.count - 2] == ".",
                let type = SourceDeclarations.wellKnownProperties[words[words.count - 1]]
            {
                return (type, "\(words.last!) is a \(type)")
            }
            return (nil, "the receiver's type is not certain from the code")
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { index >= 0 && index < count ? self[index] : nil }
}
