import CrashScanCatalogs

/// Finds Key-Value Coding calls in Swift tokens: `receiver.setValue(v, forKey: KEY)`,
/// `forKeyPath:`, `value(forKey:)`, `value(forKeyPath:)`, on a receiver or on implicit `self`,
/// with the key a literal or a `let` constant of the file.
struct SwiftScanner: TokenReader {
    let bytes: [UInt8]
    let tokens: [SourceToken]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        tokens = SwiftLexer(bytes).tokens
    }

    /// A type declaration's body enclosing a token: the type's name and the brace depth inside it.
    struct Scope {
        var name: String
        var depth: Int
    }

    /// Walks the tokens keeping the stack of enclosing type bodies; calls `visit` for each token
    /// with the innermost type.
    func walk(_ visit: (Int, Scope?, Int) -> Void) {
        var scopes: [Scope] = []
        var depth = 0
        var pending: String?
        for index in tokens.indices {
            if isIdentifier(index),
                ["class", "extension", "struct", "enum", "actor", "protocol"].contains(text(index)),
                isIdentifier(index + 1),
                !["func", "var", "let", "subscript", "init"].contains(text(index + 1))
            {
                pending = text(index + 1)
            }
            if isPunctuation(index, 123) {
                depth += 1
                if let name = pending {
                    scopes.append(Scope(name: name, depth: depth))
                    pending = nil
                }
            }
            visit(index, scopes.last, depth)
            if isPunctuation(index, 125) {
                if scopes.last?.depth == depth { scopes.removeLast() }
                depth -= 1
            }
            if isPunctuation(index, 59) { pending = nil }
        }
    }

    /// The type named after `:` at `index` (`UITextField`, `UITextField!`, `UIKit.UITextField`).
    func typeName(at index: Int) -> String? {
        guard isIdentifier(index) else { return nil }
        var position = index
        while isPunctuation(position + 1, 46), isIdentifier(position + 2) { position += 2 }
        let name = text(position)
        guard let first = name.utf8.first, (65...90).contains(first) else { return nil }
        return name
    }

    // MARK: - Declarations

    func declarations() -> SourceDeclarations {
        var found = SourceDeclarations()
        var classes: Set<String> = []
        for index in tokens.indices where isIdentifier(index, "class") && isIdentifier(index + 1) {
            let name = text(index + 1)
            guard !["func", "var", "let", "subscript", "init"].contains(name) else { continue }
            var position = index + 2
            if isPunctuation(position, 60) {  // <Generic>
                while position < tokens.count, !isPunctuation(position, 62) { position += 1 }
                position += 1
            }
            let superclass = isPunctuation(position, 58) ? typeName(at: position + 1) : nil
            found.declareClass(name, superclass: superclass)
            classes.insert(name)
        }
        walk { index, scope, depth in
            if isIdentifier(index, "func"), depth == (scope?.depth ?? 0), isIdentifier(index + 1),
                let type = returnType(ofFunctionAt: index)
            {
                found.methodTypes[scope?.name ?? "", default: [:]][text(index + 1)] = type
            }
            guard let scope, depth == scope.depth, isIdentifier(index, "var") || isIdentifier(index, "let"),
                isIdentifier(index + 1)
            else { return }
            let type = isPunctuation(index + 2, 58) ? typeName(at: index + 3) : nil
            if classes.contains(scope.name) {
                found.declareMember(text(index + 1), type: type, in: scope.name, objectiveC: false)
            } else if let type {
                found.propertyTypes[scope.name, default: [:]][text(index + 1)] = type
            }
        }
        return found
    }

    /// `func name<T>(…) async throws -> Type`: the type, when it names one (`UITextField?` is a
    /// UITextField).
    private func returnType(ofFunctionAt index: Int) -> String? {
        var position = index + 2
        if isPunctuation(position, 60) {  // <Generic>
            while position < tokens.count, !isPunctuation(position, 62) { position += 1 }
            position += 1
        }
        guard isPunctuation(position, 40), let close = closingParenthesis(from: position) else { return nil }
        position = close + 1
        while isIdentifier(position, "throws") || isIdentifier(position, "async")
            || isIdentifier(position, "rethrows")
        {
            position += 1
        }
        guard isPunctuation(position, 45), isPunctuation(position + 1, 62) else { return nil }
        return typeName(at: position + 2)
    }

    /// The `)` that closes the `(` at `open`.
    private func closingParenthesis(from open: Int) -> Int? {
        matchingParenthesis(from: open, step: 1)
    }

    // MARK: - Calls

    func callSites(path: String, declarations: SourceDeclarations, lines: LineIndex) -> [KVCCallSite] {
        let constants = stringConstants()
        let variables = variableTypes()
        let reads = kvcReads(constants: constants)
        var sites: [KVCCallSite] = []
        walk { index, scope, _ in
            guard isIdentifier(index), isPunctuation(index + 1, 40), !isIdentifier(index - 1, "func") else {
                return
            }
            let name = text(index)
            guard name == "setValue" || name == "value" else { return }
            guard let (label, keyStart, keyEnd) = keyArgument(name, at: index) else { return }
            guard let key = keyValue(keyStart..<keyEnd, constants: constants) else { return }
            let accessor = name == "setValue" ? "setValue(_:\(label):)" : "value(\(label):)"
            // `(…)?.setValue`: the chain holds only the optional mark.
            let marks = receiverChain(before: index)
            let chain = marks.contains { isIdentifier($0) || isPunctuation($0, 46) } ? marks : []
            let expression: (isExpression: Bool, type: String?) =
                chain.isEmpty ? parenthesisedReceiver(before: index) : (false, nil)
            let receiver =
                expression.isExpression ? "(…)" : chain.isEmpty ? "self" : Self.receiverText(chain.map(text))
            let (type, reason) =
                expression.isExpression
                ? expression.type.map { ($0, "cast to \($0)") }
                    ?? (nil, "the receiver is an expression whose type is not certain from the code")
                : readType(
                    chain, reads: reads, scope: scope, declarations: declarations, variables: variables)
                    ?? receiverType(chain, scope: scope, declarations: declarations, variables: variables)
            let resolved = type.map(declarations.resolve)
            let start = lines.location(of: tokens[keyStart].start)
            let end = lines.location(of: tokens[keyEnd - 1].end)
            sites.append(
                KVCCallSite(
                    path: path, language: .swift, line: start.line, column: start.column, endLine: end.line,
                    endColumn: end.column, accessor: accessor, receiver: receiver,
                    receiverClass: resolved?.receiverClass, classReason: reason, appClass: resolved?.app,
                    keyPath: key,
                    keyIsAppsOwn: resolved?.app.map {
                        declarations.declares(String(key.prefix { $0 != "." }), inClassChainOf: $0)
                    } ?? false,
                    lineText: lines.text(ofLine: start.line)))
        }
        return sites
    }

    /// The `forKey:`/`forKeyPath:` argument of the call whose `(` follows `index`: its label and
    /// token range.
    private func keyArgument(_ name: String, at index: Int) -> (String, Int, Int)? {
        var depth = 0
        var position = index + 1
        var argumentStart: Int?
        var label: String?
        while position < tokens.count {
            if isPunctuation(position, 40) || isPunctuation(position, 91) || isPunctuation(position, 123) {
                depth += 1
            } else if isPunctuation(position, 41) || isPunctuation(position, 93)
                || isPunctuation(position, 125)
            {
                depth -= 1
                if depth == 0 { break }
            } else if depth == 1, isIdentifier(position), isPunctuation(position + 1, 58),
                isPunctuation(position - 1, 44) || isPunctuation(position - 1, 40)
            {
                let found = text(position)
                if found == "forKey" || found == "forKeyPath" {
                    // `value(forKey:)` takes it first; `setValue(_:forKey:)` second.
                    if name == "value", position != index + 2 { return nil }
                    label = found
                    argumentStart = position + 2
                } else if argumentStart != nil {
                    break
                }
            } else if depth == 1, isPunctuation(position, 44), argumentStart != nil {
                break
            }
            position += 1
        }
        guard let label, let argumentStart, argumentStart < position else { return nil }
        if name == "setValue", !(position < tokens.count && isPunctuation(position, 41)) { return nil }
        return (label, argumentStart, position)
    }

    /// A string literal, a constant of the file (`kKey`, `Keys.placeholder`); nil otherwise.
    private func keyValue(_ range: Range<Int>, constants: [String: String]) -> String? {
        if range.count == 1, let value = tokens[range.lowerBound].stringValue { return value }
        let last = range.upperBound - 1
        guard isIdentifier(last) else { return nil }
        for position in range.lowerBound..<last where !(isIdentifier(position) || isPunctuation(position, 46))
        {
            return nil
        }
        return constants[text(last)]
    }

    /// `let kKey = "…"` (any scope, `static` too) of this file.
    private func stringConstants() -> [String: String] {
        var constants: [String: String] = [:]
        for index in tokens.indices where isIdentifier(index, "let") {
            var position = index + 2
            if isPunctuation(position, 58) { position += 2 }  // `: String`
            guard isIdentifier(index + 1), isPunctuation(position, 61),
                let value = tokens[safe: position + 1]?.stringValue
            else { continue }
            constants[text(index + 1)] = value
        }
        return constants
    }

    /// `name: Type`, `let name = Type(…)` of this file, each with where it is declared.
    private func variableTypes() -> [String: [(at: Int, type: String)]] {
        var variables: [String: [(at: Int, type: String)]] = [:]
        for index in tokens.indices where isIdentifier(index) {
            if isPunctuation(index + 1, 58), let type = typeName(at: index + 2) {
                variables[text(index), default: []].append((index, type))
            } else if isIdentifier(index - 1, "let") || isIdentifier(index - 1, "var"),
                isPunctuation(index + 1, 61),
                let type = typeName(at: index + 2), isPunctuation(index + 3, 40)
            {
                variables[text(index), default: []].append((index, type))
            } else if isIdentifier(index - 1, "let") || isIdentifier(index - 1, "var"),
                isPunctuation(index + 1, 61), isIdentifier(index + 2), isPunctuation(index + 3, 46),
                isIdentifier(index + 4), Self.singletons.contains(text(index + 4)), startsLine(index + 5),
                (65...90).contains(bytes[tokens[index + 2].start])
            {
                // `let app = UIApplication.shared`: a class's shared instance.
                variables[text(index), default: []].append((index, text(index + 2)))
            } else if isIdentifier(index - 1, "let") || isIdentifier(index - 1, "var"),
                isPunctuation(index + 1, 61), let type = castType(inStatementFrom: index + 2)
            {
                // `let field = searchBar.value(forKey: "_searchField") as? UITextField`
                variables[text(index), default: []].append((index, type))
            }
        }
        return variables
    }

    /// A KVC read assigned to a variable (`let bar = app.value(forKey: "statusBar") as? UIView`):
    /// the variable's name, where it is declared, the read's `value` token and its key.
    struct KVCRead {
        var at: Int
        var call: Int
        var key: String
    }

    /// `let name = receiver.value(forKey: "key")…` of this file, by name.
    private func kvcReads(constants: [String: String]) -> [String: [KVCRead]] {
        var reads: [String: [KVCRead]] = [:]
        for index in tokens.indices
        where (isIdentifier(index - 1, "let") || isIdentifier(index - 1, "var")) && isIdentifier(index)
            && isPunctuation(index + 1, 61)
        {
            var position = index + 2
            while position < tokens.count, position == index + 2 || !startsLine(position) {
                if isIdentifier(position, "value"), isPunctuation(position + 1, 40),
                    let (_, start, end) = keyArgument("value", at: position),
                    let key = keyValue(start..<end, constants: constants)
                {
                    reads[text(index), default: []].append(KVCRead(at: index, call: position, key: key))
                    break
                }
                position += 1
            }
        }
        return reads
    }

    /// The class a variable holds when it was assigned a KVC read of a member whose type the
    /// runtime headers give, and the code casts it to no particular class (`bar` above holds
    /// UIApplication's status bar, a UIStatusBar, though cast to UIView; a cast to UITextField
    /// says more than the headers' private UISearchBarTextField and is kept); nil otherwise.
    private func readType(
        _ chain: [Int], reads: [String: [KVCRead]], scope: Scope?, declarations: SourceDeclarations,
        variables: [String: [(at: Int, type: String)]]
    ) -> (String?, String)? {
        let words = chain.map(text).filter { $0 != "!" && $0 != "?" }
        guard words.count == 1, let start = chain.first,
            let read = reads[words[0]]?.last(where: { $0.at < start })
        else { return nil }
        if let declared = variables[words[0]]?.last(where: { $0.at < start }),
            declared.at > read.at || !Self.classlessTypes.contains(declared.type)
        {
            return nil
        }
        let readChain = receiverChain(before: read.call)
        let (owner, _) = receiverType(
            readChain, scope: scope, declarations: declarations, variables: variables)
        guard let owner else { return nil }
        let uikit = declarations.resolve(owner).receiverClass
        guard let type = UIKitMemberCatalog.valueType(keyPath: read.key, from: uikit) else { return nil }
        return (type, "\(words[0]) holds \(uikit)'s \(read.key), a \(type) in UIKit's runtime headers")
    }

    /// The names of a class's shared instance (`UIApplication.shared`, `UIDevice.current`).
    static let singletons: Set<String> = ["shared", "current", "main", "default", "standard"]

    /// Casts that say nothing of the object's class.
    static let classlessTypes: Set<String> = ["UIView", "NSObject", "AnyObject", "Any", "UIResponder"]

    /// The type a statement's value is cast to at its top level (`… as? UITextField`), reading
    /// from `start` to the end of the statement (its line, or further inside brackets); nil when
    /// it casts to none.
    private func castType(inStatementFrom start: Int) -> String? {
        var depth = 0
        var position = start
        while position < tokens.count, position == start || depth > 0 || !startsLine(position) {
            if isPunctuation(position, 40) || isPunctuation(position, 91) { depth += 1 }
            if isPunctuation(position, 41) || isPunctuation(position, 93) { depth -= 1 }
            if depth == 0, isIdentifier(position, "as") { return castTarget(after: position) }
            position += 1
        }
        return nil
    }

    /// The type after `as`, `as?` or `as!` at `index`.
    private func castTarget(after index: Int) -> String? {
        var type = index + 1
        if isPunctuation(type, 63) || isPunctuation(type, 33) { type += 1 }
        return typeName(at: type)
    }

    /// For a call on a parenthesised expression (`(x as? UITextField)?.setValue`,
    /// `(dict as NSDictionary).value`): the type it is cast to, and whether there is such an
    /// expression at all (then the receiver is not `self`).
    private func parenthesisedReceiver(before index: Int) -> (isExpression: Bool, type: String?) {
        var close = index - 1
        guard isPunctuation(close, 46) else { return (false, nil) }
        close -= 1
        while close >= 0, isPunctuation(close, 63) || isPunctuation(close, 33) { close -= 1 }
        guard close >= 0, isPunctuation(close, 41) || isPunctuation(close, 93) else { return (false, nil) }
        guard isPunctuation(close, 41), let open = openingParenthesis(to: close) else { return (true, nil) }
        var level = 0
        for position in (open + 1)..<close {
            if isPunctuation(position, 40) || isPunctuation(position, 91) { level += 1 }
            if isPunctuation(position, 41) || isPunctuation(position, 93) { level -= 1 }
            if level == 0, isIdentifier(position, "as") { return (true, castTarget(after: position)) }
        }
        return (true, nil)
    }

    /// The tokens of the receiver before `.setValue` (`self.searchBar`, `field!`, `UIApplication.shared`);
    /// empty for implicit `self`.
    private func receiverChain(before index: Int) -> [Int] {
        guard isPunctuation(index - 1, 46) else { return [] }
        var position = index - 2
        var chain: [Int] = []
        while position >= 0 {
            if isIdentifier(position) || isPunctuation(position, 33) || isPunctuation(position, 63) {
                chain.insert(position, at: 0)
                if isIdentifier(position), !isPunctuation(position - 1, 46) { break }
                position -= 1
            } else if isPunctuation(position, 46) {
                chain.insert(position, at: 0)
                position -= 1
            } else if isPunctuation(position, 41), let open = openingParenthesis(to: position),
                isIdentifier(open - 1)
            {
                // `field()`, `bar.textField(in: view)`: a call, kept as its `(` alone.
                chain.insert(open, at: 0)
                position = open - 1
            } else {
                break
            }
        }
        return chain
    }

    /// The `(` that the `)` at `close` closes.
    private func openingParenthesis(to close: Int) -> Int? {
        matchingParenthesis(from: close, step: -1)
    }

    /// The parenthesis that balances the one at `start`, walking forwards (`step` 1, from a `(`)
    /// or backwards (-1, from a `)`).
    private func matchingParenthesis(from start: Int, step: Int) -> Int? {
        let (opening, closing): (UInt8, UInt8) = step > 0 ? (40, 41) : (41, 40)
        var depth = 0
        var position = start
        while position >= 0, position < tokens.count {
            if isPunctuation(position, opening) { depth += 1 }
            if isPunctuation(position, closing) {
                depth -= 1
                if depth == 0 { return position }
            }
            position += step
        }
        return nil
    }

    /// The type a receiver chain reaches step by step (`self.searchBar.searchTextField`,
    /// `field()`, `bar.textField(in:)`): the first step's declared type (a variable, a property,
    /// a method's return type, an initialiser's class), then each member's declared type in the
    /// sources or in UIKit's runtime headers; nil when a step's type is not known.
    private func chainType(
        _ words: [String], owner: String?, declarations: SourceDeclarations, variable: (String) -> String?
    ) -> String? {
        var steps: [SourceDeclarations.ChainStep] = []
        for word in words where word != "." {
            if word == "(" {
                if !steps.isEmpty { steps[steps.count - 1].isCall = true }
            } else {
                steps.append(SourceDeclarations.ChainStep(name: word, isCall: false))
            }
        }
        guard let first = steps.first else { return nil }
        let start: String?
        if first.name == "self" {
            start = owner
        } else if first.isCall {
            let isInitialiser = first.name.utf8.first.map { (65...90).contains($0) } ?? false
            start = declarations.type(ofMethod: first.name, on: owner) ?? (isInitialiser ? first.name : nil)
        } else {
            start = variable(first.name) ?? declarations.type(ofProperty: first.name, on: owner)
        }
        guard let start else { return nil }
        return declarations.type(of: Array(steps.dropFirst()), from: start, objectiveC: false)
    }

    private func receiverType(
        _ chain: [Int], scope: Scope?, declarations: SourceDeclarations,
        variables: [String: [(at: Int, type: String)]]
    ) -> (String?, String) {
        let words = chain.map(text).filter { $0 != "!" && $0 != "?" }
        // The variable's declaration nearest before the call.
        let variable = { (name: String) in variables[name]?.last { $0.at < (chain.first ?? Int.max) }?.type }
        let simple = simpleReceiverType(
            words, owner: scope?.name, declarations: declarations, variable: variable)
        guard simple.0 == nil else { return simple }
        let shown = Self.receiverText(words)
        let chained = chainType(words, owner: scope?.name, declarations: declarations, variable: variable)
        if let chained { return (chained, "\(shown) is a \(chained) (the declared types along it)") }
        if words.contains("(") { return (nil, "the type \(shown) returns is not declared in the sources") }
        return simple
    }

    /// The receiver as the code writes it, a call's arguments left out (`bar.textField()`).
    static func receiverText(_ words: [String]) -> String {
        words.map { $0 == "(" ? "()" : $0 }.joined()
    }

    /// A receiver of one or three words whose type a declaration or a well-known name gives.
    private func simpleReceiverType(
        _ words: [String], owner: String?, declarations: SourceDeclarations, variable: (String) -> String?
    ) -> (String?, String) {
        switch words.count {
        case 0 where owner != nil, 1 where words.first == "self":
            guard let owner else { return (nil, "self outside a type") }
            return (owner, "self in \(owner)")
        case 1:
            if let type = variable(words[0]) { return (type, "declared \(words[0]): \(type)") }
            if let type = declarations.type(ofProperty: words[0], on: owner) {
                return (type, "property \(words[0]): \(type)")
            }
            return (nil, "the type of \(words[0]) is not declared in the sources")
        case 3 where words[0] == "self":
            if let type = declarations.type(ofProperty: words[2], on: owner) {
                return (type, "property \(words[2]): \(type)")
            }
            return (nil, "the type of self.\(words[2]) is not declared in the sources")
        case 3 where words[0] == "UIApplication" && words[2] == "shared":
            return ("UIApplication", "UIApplication.shared")
        default:
            if let last = words.last, let type = SourceDeclarations.wellKnownProperties[last] {
                return (type, "\(last) is a \(type)")
            }
            return (nil, "the receiver's type is not certain from the code")
        }
    }
}
