import XCTest

extension XCTestCase {
    /// Asserts that crashscan reads `text` as Foundation does but where its own rules decide;
    /// true when Foundation reads `text` at all.
    @discardableResult
    func assertReadAsFoundationReads(_ text: String, file: StaticString = #filePath, line: UInt = #line)
        -> Bool
    {
        guard let differences = FoundationComparison.unexplainedDifferences(text) else { return false }
        for difference in differences {
            XCTFail("\(difference) in \(text.prefix(300))", file: file, line: line)
        }
        return true
    }
}
