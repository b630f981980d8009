// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "crashscan",
    products: [
        .executable(name: "crashscan", targets: ["crashscan"]),
        .executable(name: "crashscan-bench", targets: ["crashscan-bench"]),
        .library(
            name: "CrashScanKit",
            targets: [
                "CrashScanModel", "CrashScanCatalogs", "CrashScanSource", "CrashScanClassification",
                "CrashScanArchive",
                "CrashScanSymbolication", "CrashScanIngest", "CrashScanStore", "CrashScanRules",
                "CrashScanImport",
                "CrashScanReport", "CrashScanCLI",
            ]
        ),
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
        // libpq (Debian: libpq-dev), PostgreSQL's client library, for the team database
        // (`--db postgresql://…`); module map only. Loaded when first used, not linked (see its
        // shim.h), so no pkg-config: its flags would link it.
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // glibc's mallopt (part of libc); module map only.
        .systemLibrary(name: "CMalloc"),
        // The pipeline, one target per stage; each imports only the targets below it, so the
        // compiler rejects a backward dependency (README, "Layout", draws the graph).
        // Values every stage shares: a crash report, its frames, the vocabulary, text helpers.
        .target(name: "CrashScanModel", dependencies: ["CNettle"]),
        // Device, OS and UIKit class catalogues.
        .target(name: "CrashScanCatalogs", dependencies: ["CrashScanModel"]),
        // `crashscan scan`: lexers for Objective-C and Swift, Interface Builder files, the KVC
        // calls with constant keys they make. No rules, no database.
        .target(name: "CrashScanSource", dependencies: ["CrashScanCatalogs"]),
        // KVC classification and the grouping fingerprint of one report.
        .target(name: "CrashScanClassification", dependencies: ["CrashScanCatalogs"]),
        // Members of zip, tar and gz files through libarchive.
        .target(name: "CrashScanArchive", dependencies: ["CrashScanModel", "CArchive"]),
        // dSYMs (in bundles, folders or archives) and llvm-symbolizer.
        .target(name: "CrashScanSymbolication", dependencies: ["CrashScanArchive"]),
        // Bytes → analysed reports: file walking, every input format, symbolication and
        // classification of each report. No database.
        .target(
            name: "CrashScanIngest",
            dependencies: ["CrashScanClassification", "CrashScanSymbolication", "CrashScanArchive"]
        ),
        // The only target with SQL: connection, statements, migrations, typed queries and writes.
        .target(
            name: "CrashScanStore",
            dependencies: [
                "CrashScanIngest", "CSQLite", "CLibPQ",
            ]
        ),
        // The rules engine, its evidence, and the fix pages.
        .target(name: "CrashScanRules", dependencies: ["CrashScanStore", "CrashScanSource"]),
        // The import session: walk → read → parse in parallel → write → refresh groups and rules.
        .target(name: "CrashScanImport", dependencies: ["CrashScanRules", "CMalloc"]),
        // The report, explanation and their renderers (text, JSON, CSV, Markdown). No SQL.
        .target(name: "CrashScanReport", dependencies: ["CrashScanRules"]),
        // Commands, options, help and exit codes.
        .target(name: "CrashScanCLI", dependencies: ["CrashScanImport", "CrashScanReport"]),
        // argv in, exit code out.
        .executableTarget(
            name: "crashscan",
            dependencies: ["CrashScanCLI"]
        ),
        // The benchmark (README, "Performance"): generates a corpus, measures the floors and crashscan.
        .executableTarget(
            name: "crashscan-bench",
            dependencies: ["CrashScanCLI"]
        ),
        .testTarget(
            name: "CrashScanTests",
            // CArchive: the symbolication tests write a zip of a dSYM as Xcode hands them out.
            dependencies: ["CrashScanCLI", "CArchive"],
            // Read by path (TestPaths), not bundled.
            exclude: ["Fixtures"]
        ),
    ]
)
