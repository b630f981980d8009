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
                "CrashScanModel", "CrashScanJSON", "CrashScanCatalogs", "CrashScanSource",
                "CrashScanClassification",
                "CrashScanArchive",
                "CrashScanSymbolication", "CrashScanIngest", "CrashScanDatabase", "CrashScanStore",
                "CrashScanRules",
                "CrashScanWorkflows", "CrashScanImport",
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
        // jemalloc, the executables' allocator on Linux (CrashScanAllocator).
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // The C++ runtime's demangler (__cxa_demangle, in libstdc++): C++ frames made readable.
        .systemLibrary(name: "CCxxABI"),
        // The pipeline, one target per stage; each imports only the targets below it, so the
        // compiler rejects a backward dependency. Each target lists every target it imports
        // (scripts/check-imports.py checks it); docs/architecture.md draws the graph.
        // Values every stage shares: a crash report, its frames, the vocabulary, text helpers.
        .target(name: "CrashScanModel", dependencies: ["CNettle", "CCxxABI"]),
        // JSON, read once and in place: the streaming reader (with positions for messages), the
        // tree built by it, and crashscan's canonical form (what a JSON report's content hash is
        // of). Crash reports and rule files are both read by it.
        .target(name: "CrashScanJSON", dependencies: ["CrashScanModel"]),
        // Device, OS and UIKit class catalogues.
        .target(name: "CrashScanCatalogs", dependencies: ["CrashScanModel"]),
        // `crashscan scan`: lexers for Objective-C and Swift, Interface Builder files, the KVC
        // calls with constant keys they make. No rules, no database.
        .target(name: "CrashScanSource", dependencies: ["CrashScanCatalogs", "CrashScanModel"]),
        // KVC classification and the grouping fingerprint of one report.
        .target(name: "CrashScanClassification", dependencies: ["CrashScanCatalogs", "CrashScanModel"]),
        // Members of zip, tar and gz files through libarchive.
        .target(name: "CrashScanArchive", dependencies: ["CrashScanModel", "CArchive"]),
        // dSYMs (in bundles, folders or archives) and llvm-symbolizer.
        .target(
            name: "CrashScanSymbolication", dependencies: ["CrashScanArchive", "CrashScanModel", "CArchive"]),
        // Bytes → analysed reports: file walking, every input format, symbolication and
        // classification of each report. No database.
        .target(
            name: "CrashScanIngest",
            dependencies: [
                "CrashScanClassification", "CrashScanSymbolication", "CrashScanArchive", "CrashScanCatalogs",
                "CrashScanJSON", "CrashScanModel",
            ]
        ),
        // Databases, whatever they hold: one connection type per backend behind a protocol
        // (SQLite, and PostgreSQL through libpq), statements, rows by column name, errors that
        // say how a command ends, the migrator. No schema.
        .target(name: "CrashScanDatabase", dependencies: ["CrashScanModel", "CSQLite", "CLibPQ"]),
        // crashscan's schema and nothing above it: migrations, the derived tables (caches), typed
        // queries and writes. The only target with crashscan's SQL.
        // It stores analysed reports (CrashScanClassification's), and knows nothing of how they
        // were read.
        .target(
            name: "CrashScanStore",
            dependencies: [
                "CrashScanDatabase", "CrashScanClassification", "CrashScanCatalogs", "CrashScanModel",
            ]
        ),
        // The rules engine, the evidence's verdicts, and the fix pages. No database: `scan`
        // without `--db` never opens one.
        .target(
            name: "CrashScanRules",
            dependencies: ["CrashScanSource", "CrashScanCatalogs", "CrashScanJSON", "CrashScanModel"]
        ),
        // What changes many stored rows by a decision made outside SQL: regroup, the merge of
        // partial groups, symbolicate then regroup, evidence and the recommendations it backs.
        .target(
            name: "CrashScanWorkflows",
            dependencies: [
                "CrashScanStore", "CrashScanRules", "CrashScanSymbolication", "CrashScanClassification",
                "CrashScanCatalogs", "CrashScanModel",
            ]
        ),
        // The import session: walk → read → parse in parallel → write → refresh groups and rules.
        .target(
            name: "CrashScanImport",
            dependencies: [
                "CrashScanWorkflows", "CrashScanIngest", "CrashScanStore", "CrashScanRules",
                "CrashScanDatabase",
                "CrashScanClassification", "CrashScanSymbolication", "CrashScanArchive", "CrashScanModel",
            ]
        ),
        // The report, explanation and their renderers (text, JSON, CSV, Markdown). No SQL.
        .target(
            name: "CrashScanReport",
            dependencies: [
                "CrashScanWorkflows", "CrashScanStore", "CrashScanRules", "CrashScanSource",
                "CrashScanCatalogs",
                "CrashScanModel",
            ]
        ),
        // Commands, options, help and exit codes.
        .target(
            name: "CrashScanCLI",
            dependencies: [
                "CrashScanImport", "CrashScanReport", "CrashScanWorkflows", "CrashScanStore",
                "CrashScanRules",
                "CrashScanIngest", "CrashScanSymbolication", "CrashScanSource", "CrashScanClassification",
                "CrashScanDatabase", "CrashScanModel",
            ]
        ),
        // The executables' memory allocator: jemalloc on Linux, linked by them alone.
        .target(
            name: "CrashScanAllocator",
            dependencies: [.target(name: "CJemalloc", condition: .when(platforms: [.linux]))]
        ),
        // argv in, exit code out.
        .executableTarget(
            name: "crashscan",
            dependencies: ["CrashScanCLI", "CrashScanReport", "CrashScanAllocator"]
        ),
        // The benchmark (docs/performance.md): generates a corpus, measures the floors and crashscan.
        .executableTarget(
            name: "crashscan-bench",
            dependencies: [
                "CrashScanCLI", "CrashScanImport", "CrashScanStore", "CrashScanRules", "CrashScanIngest",
                "CrashScanClassification", "CrashScanCatalogs", "CrashScanDatabase", "CrashScanModel",
                "CrashScanAllocator",
            ]
        ),
        .testTarget(
            name: "CrashScanTests",
            // CArchive: the symbolication tests write a zip of a dSYM as Xcode hands them out.
            dependencies: [
                "CrashScanCLI", "CrashScanImport", "CrashScanReport", "CrashScanWorkflows", "CrashScanStore",
                "CrashScanRules", "CrashScanDatabase", "CrashScanIngest", "CrashScanSymbolication",
                "CrashScanArchive",
                "CrashScanSource", "CrashScanClassification", "CrashScanCatalogs", "CrashScanJSON",
                "CrashScanModel",
                "CArchive",
            ],
            // Read by path (TestPaths), not bundled.
            exclude: ["Fixtures"]
        ),
    ]
)
