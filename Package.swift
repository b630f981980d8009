// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "crashscan",
    products: [
        .executable(name: "crashscan", targets: ["crashscan"]),
        .executable(name: "crashscan-bench", targets: ["crashscan-bench"]),
        .library(name: "CrashScanKit", targets: ["CrashScanKit"]),
    ],
    targets: [
        // The system SQLite (Debian: libsqlite3-dev); module map only.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // libarchive (Debian: libarchive-dev) for zip, tar, tar.gz and gz inputs; module map only.
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]
        ),
        // Nettle (Debian: nettle-dev) for SHA-256 with the CPU's SHA instructions; module map only.
        .systemLibrary(
            name: "CNettle",
            pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"]), .brew(["nettle"])]
        ),
        // glibc's mallopt (part of libc); module map only.
        .systemLibrary(name: "CMalloc"),
        // Every piece of logic: parsing, catalogs, classification, store, rules, reporting, CLI.
        .target(
            name: "CrashScanKit",
            dependencies: ["CSQLite", "CArchive", "CNettle", "CMalloc"]
        ),
        // argv in, exit code out.
        .executableTarget(
            name: "crashscan",
            dependencies: ["CrashScanKit"]
        ),
        // The benchmark (README, "Performance"): generates a corpus, measures the floors and crashscan.
        .executableTarget(
            name: "crashscan-bench",
            dependencies: ["CrashScanKit"]
        ),
        .testTarget(
            name: "CrashScanKitTests",
            // CArchive: the symbolication tests write a zip of a dSYM as Xcode hands them out.
            dependencies: ["CrashScanKit", "CArchive"],
            // Read by path (TestPaths), not bundled.
            exclude: ["Fixtures"]
        ),
    ]
)
