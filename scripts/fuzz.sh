#!/usr/bin/env bash
# Fuzzes one input path of crashscan with libFuzzer for SECONDS (docs/reliability.md).
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   scripts/fuzz.sh all SECONDS          every target, one after the other (CI's short pass)
#
# TARGET is a file name in Fuzz/Targets without .swift: report-reader, text-parsers, json,
# frame-line, archive, rule-file, filters, source-scanner, html-page, dsym. The package's targets are compiled with coverage and AddressSanitizer
# (`swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing`, in
# .build/fuzz), the harness with
#   swiftc -O -sanitize=fuzzer,address -parse-as-library -I .build/fuzz/release/Modules ... *.o
# The corpus starts from the seeds (SampleReports, the tests' fixtures, ../shared/corpus when it
# is there, the built-in rules) and grows in .build/fuzz/corpus/TARGET; an input that crashes,
# leaks or hangs is written to Fuzz/crashes/TARGET-* and the script exits 1. Every such input
# becomes a regression test (Tests/CrashScanTests/Reliability/FuzzRegressionTests.swift).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 TARGET|all SECONDS [libFuzzer options...]" >&2; exit 64; }
target=$1
seconds=$2
shift 2
cd "$(dirname "$0")/.."
build=.build/fuzz
targets=(report-reader text-parsers json frame-line archive rule-file filters source-scanner html-page dsym)

if [ "$target" = all ]; then
    for one in "${targets[@]}"; do "$0" "$one" "$seconds" "$@"; done
    exit 0
fi
[ -f "Fuzz/Targets/$target.swift" ] || { echo "fuzz.sh: no target '$target' (${targets[*]})" >&2; exit 64; }

# The package's libraries, instrumented (once; swift build is incremental).
# Optimised (the fuzzer's speed is executions per second), with testing enabled so the harnesses
# reach internal entry points (`@testable import`).
swift build -c release --build-path "$build" --target CrashScanCLI -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -enable-testing >&2
modules=(CrashScanModel CrashScanJSON CrashScanCatalogs CrashScanSource CrashScanClassification CrashScanArchive
    CrashScanSymbolication CrashScanIngest CrashScanDatabase CrashScanStore CrashScanRules CrashScanWorkflows
    CrashScanReport)
objects=()
for module in "${modules[@]}"; do
    while IFS= read -r object; do
        # An object whose source file was moved or deleted stays in the build folder: left out.
        source=$(basename "$object" .o)
        [ -n "$(find "Sources/$module" -name "$source" -print -quit)" ] && objects+=("$object")
    done < <(find "$build/release/$module.build" -name '*.swift.o')
done
binary="$build/fuzz-$target"
# The json harness compares crashscan's reader with Foundation's, the tests' oracle.
extra=()
[ "$target" = json ] && extra=(Tests/CrashScanTests/Support/FoundationOracle.swift
    Tests/CrashScanTests/Support/FoundationComparison.swift)
# The report-reader harness compares reading in chunks with reading whole, as the tests do.
[ "$target" = report-reader ] && extra=(Tests/CrashScanTests/Support/ReportReadOracle.swift)
rm -f "$binary"
# A harness that does not build fails the run (a module missing from the list above once left CI
# "passing" without fuzzing anything). The linker's "Cannot export local symbol" notes are noise.
if ! swiftc -O -sanitize=fuzzer,address -parse-as-library -I "$build/release/Modules" \
    -I Sources/CSQLite -I Sources/CArchive -I Sources/CNettle -I Sources/CMalloc -I Sources/CLibPQ -I Sources/CCxxABI \
    -Xcc -I"$(pkg-config --variable=includedir libpq)" \
    "Fuzz/Targets/$target.swift" "${extra[@]}" "${objects[@]}" -lsqlite3 -larchive -lnettle -lstdc++ -o "$binary" \
    >"$build/link-$target.log" 2>&1 || [ ! -x "$binary" ]; then
    grep -v "Cannot export local symbol" "$build/link-$target.log" >&2 || true
    echo "fuzz.sh: could not build the $target harness" >&2
    exit 1
fi

# Seeds: files of the formats the target reads.
corpus="$build/corpus/$target"
seeds="$build/seeds/$target"
rm -rf "$seeds"
mkdir -p "$corpus" "$seeds" Fuzz/crashes
add_seeds() { # folder...
    for folder in "$@"; do
        [ -d "$folder" ] || continue
        find "$folder" -type f -size -1024k ! -name '*.sqlite' -print0 | while IFS= read -r -d '' file; do
            cp "$file" "$seeds/$(printf '%s' "$file" | cksum | cut -d' ' -f1)"
        done
    done
}
case "$target" in
    report-reader | archive | text-parsers) add_seeds SampleReports Tests/CrashScanTests/Fixtures ../shared/corpus ;;
    json)
        add_seeds ../shared/corpus/ips ../shared/corpus/kscrash-json ../shared/corpus/metrickit
        cp SampleReports/*.json SampleReports/*.ips "$seeds/" ;;
    frame-line)
        grep -h -E '0x[0-9a-f]+|\+ [0-9]+' SampleReports/*.txt SampleReports/*.crash 2>/dev/null | head -400 \
            | split -l 1 - "$seeds/line-" ;;
    rule-file) add_seeds rules Tests/CrashScanTests/Fixtures/rules ;;
    source-scanner) add_seeds Tests/CrashScanTests/Fixtures/scan SampleReports/SampleApp ;;
    dsym)
        # Mach-O objects from the toolchain's clang (beside swift), and a universal file of two.
        clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
        printf 'int f(int x) { return x + 1; }\n' >"$build/seed.c"
        for triple in arm64-apple-ios12.0 armv7-apple-ios9.0 x86_64-apple-macos10.15; do
            "$clang" -target "$triple" -g -c "$build/seed.c" -o "$seeds/$triple.o" 2>/dev/null || true
        done
        python3 - "$seeds" <<'PY'
import os, struct, sys
seeds = sys.argv[1]
parts = [open(os.path.join(seeds, name), 'rb').read() for name in ('arm64-apple-ios12.0.o', 'armv7-apple-ios9.0.o')
         if os.path.exists(os.path.join(seeds, name))]
if len(parts) == 2:
    header = struct.pack('>II', 0xcafebabe, 2)
    offset, entries, body = 4096, b'', b''
    for cpu, sub, part in ((0x0100000c, 0, parts[0]), (12, 9, parts[1])):
        entries += struct.pack('>IIIII', cpu, sub, offset + len(body), len(part), 12)
        body += part + b'\0' * (-len(part) % 4096)
    fat = header + entries
    open(os.path.join(seeds, 'fat.o'), 'wb').write(fat + b'\0' * (4096 - len(fat)) + body)
PY
        ;;
    filters)
        n=0
        for value in 8.1 8.1.3 ">=13" "<8.3" "8.0..8.2" "iPhone7,1" "iPhone 6 Plus" "6+" unknown \
            "2015-03-01" "2015-03-01 08:18:47+08:00" "1425168000" "+08:00" undefined_key "_placeholder*"; do
            printf '%s' "$value" >"$seeds/$n"
            n=$((n + 1))
        done ;;
esac

# Inputs as long as what the target meets for real: a filter value, a line, a file.
case "$target" in
    filters) max_len=256 ;;
    frame-line) max_len=4096 ;;
    # Larger than most reports (an .ips is ~24 KB); longer inputs cost speed and reach nothing new.
    report-reader | text-parsers | json | source-scanner) max_len=32768 ;;
    *) max_len=262144 ;;
esac
echo "fuzz.sh: $target for $seconds s ($(find "$seeds" -type f | wc -l | tr -d ' ') seeds)" >&2
status=0
# Swift's backtracer would take the traps (libFuzzer leaves a signal alone that has a handler) and
# then fail inside AddressSanitizer reading memory (CI once showed only "unknown-crash in
# memserver_read"): off, so libFuzzer and AddressSanitizer report the trap and its stack.
export SWIFT_BACKTRACE=enable=no
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 "$binary" "$corpus" "$seeds" \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="Fuzz/crashes/$target-" -print_final_stats=1 "$@" >"$build/run-$target.log" 2>&1 || status=$?
grep -E "^(#[0-9]+ *DONE|stat::number_of_executed_units|stat::average_exec_per_sec|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written|Done )" \
    "$build/run-$target.log" >&2 || true
# A unit reported slow (over 10 s) is run again alone: on this kind of VM a stall of the machine
# can make a 50-ms unit look slow once. Still over 2 s, it fails the run like a crash.
for unit in Fuzz/crashes/"$target"-slow-unit-*; do
    [ -f "$unit" ] || continue
    start=$(date +%s%N)
    ASAN_OPTIONS=detect_leaks=0 "$binary" -timeout=10 "$unit" >/dev/null 2>&1 || true
    took=$((($(date +%s%N) - start) / 1000000))
    if [ "$took" -lt 2000 ]; then
        echo "fuzz.sh: $unit was slow once and took $took ms run again (the machine stalled): not kept" >&2
        rm -f "$unit"
    fi
done
if compgen -G "Fuzz/crashes/$target-*" >/dev/null; then
    # A clean clone in CI loses the folder: the log carries what a regression test needs.
    grep -E "(Fatal error|Precondition failed|Assertion failed|^ +#[0-9]+ )" "$build/run-$target.log" | head -40 >&2 || true
    for unit in Fuzz/crashes/"$target"-*; do
        [ "$(wc -c <"$unit")" -le 65536 ] || continue
        echo "fuzz.sh: $unit in base64:" >&2
        base64 -w 120 "$unit" >&2
    done
    echo "fuzz.sh: $target found inputs that fail: $(ls Fuzz/crashes/$target-*)" >&2
    exit 1
fi
if [ "$status" -ne 0 ] || ! grep -q "^stat::number_of_executed_units" "$build/run-$target.log"; then
    tail -20 "$build/run-$target.log" >&2
    echo "fuzz.sh: the $target fuzzer did not run to the end (exit $status)" >&2
    exit 1
fi
