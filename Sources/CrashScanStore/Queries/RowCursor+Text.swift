import CrashScanDatabase

extension RowCursor {
    /// `body` on the text bytes of a column, in place; nil for NULL. Declared in the store, so
    /// that each use is specialised with the folds that call it (`RowCursor.readText`).
    @inline(__always) func withText<Result>(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Result)
        -> Result?
    {
        var result: Result?
        _ = readText(at: column) { result = body($0) }
        return result
    }
}
