#if canImport(CJemalloc)
    import CJemalloc
#endif

/// The memory allocator of the `crashscan` and `crashscan-bench` executables on Linux: jemalloc
/// (Debian's libjemalloc), linked before the C library so that its `malloc` and `free` serve
/// the whole process, SQLite and Swift's runtime included.
///
/// Why: an import allocates on its two parse threads, frees their reports on a third and runs
/// SQLite on the writer; with glibc's malloc, `malloc`, `free` and their chunk bookkeeping were
/// about a tenth of the writer thread's samples and a twentieth of the parsers'. 100,000 Bugly
/// logs in six ABBA rounds against glibc's malloc (`LD_PRELOAD`, the same binary): median 6.11
/// against 6.56 s, faster in 6 of 6 rounds, CPU 10.5 against 11.3 s. mimalloc (Debian's
/// libmimalloc2.0), six rounds against jemalloc: 6.39 against 6.02 s, slower in all.
///
/// The libraries (the test bundle among them) keep the C library's allocator: only the
/// executables link this target.
public enum Allocator {
    /// Sets how soon jemalloc gives freed pages back to the system. Its defaults (10 s, then
    /// pages kept "muzzy" another 10 s) took an import's peak resident memory from 123 MB (glibc)
    /// to 163 MB; one second, and none kept muzzy, gave 127 MB at the same speed (five ABBA rounds:
    /// median 6.09 against 6.15 s). Call first thing in `main`.
    public static func configure() {
        #if canImport(CJemalloc)
            for scope in ["arenas", "arena.\(MALLCTL_ARENAS_ALL)"] {
                set("\(scope).dirty_decay_ms", milliseconds: 1_000)
                set("\(scope).muzzy_decay_ms", milliseconds: 0)
            }
        #endif
    }

    #if canImport(CJemalloc)
        /// `arenas.*` sets the arenas made from now on, `arena.<MALLCTL_ARENAS_ALL>.*` those made
        /// already. A failure leaves jemalloc's default: slower to give memory back, as correct.
        private static func set(_ name: String, milliseconds: Int) {
            var value = milliseconds
            _ = mallctl(name, nil, nil, &value, MemoryLayout<Int>.size)
        }
    #endif
}
