import CrashScanRules

/// Help pages, in the swift-argument-parser layout (OVERVIEW, USAGE, OPTIONS).
enum HelpText {
    static let main = """
        OVERVIEW: Turn piles of iOS crash logs into answers: find Key-Value Coding failures on private
        keys, count them by device and OS version, and recommend the fix.

        USAGE: crashscan <command> [options]

        COMMANDS:
          import PATH...    Import crash logs (files, folders, '-' for standard input) into the database.
          report            Show KVC failure groups, a device × OS matrix and the recommended fixes.
          explain GROUP     Show one group: frames, the matched rule and why, the evidence, the fix.
          fix SLUG          Show the page of a fix (the code to write instead); fix --list lists them.
          fixed GROUP VER   Record the app version that fixed a group (later crashes: regression).
          symbolicate       Resolve stored reports' app frames with the app's dSYM, then regroup them.
          regroup           Regroup every stored report with this crashscan's grouping rules.
          rules             List, check and test the rules of the recommendation engine.
          help [COMMAND]    Show help for a command.

        OPTIONS:
          --db FILE         The database (default: $CRASHSCAN_DB, else crashscan.sqlite in this folder).
          --version         Print the version.
          -h, --help        Show help.

        EXAMPLES:
          crashscan import SampleReports
          crashscan report --os 8.1
          crashscan report --device "iPhone 6 Plus" --format json
          crashscan explain 0f28422c
          crashscan fix associated-object-placeholder

        EXIT CODES: 0 ok, 64 usage error, 65 some input rejected (the rest imported), 66 input missing,
        69 llvm-symbolizer missing (--dsym), 74 I/O or database error.
        """

    static let `import` = """
        OVERVIEW: Import crash logs into the database.

        Reads files and folders (recursively; hidden files are skipped) and '-' for standard input. The
        format is detected from the content: Bugly console copies (Chinese, English or Japanese labels,
        markdown tables), Bugly web-API JSON and SDK crash.log, Apple .crash and .ips, KSCrash,
        MetricKit, Xcode console pastes, and archives of them; UTF-8, UTF-16 with BOM and GB18030/GBK.
        A report already in the database (same normalised content) is counted as a duplicate and not
        stored again; a file whose exact bytes were imported before by this version is not even
        parsed again. The rest of the import goes on past any file it cannot use.

        Times are stored in UTC. A time written without a zone is read as UTC+8 for Bugly's formats
        (Bugly's console shows China time) and as UTC otherwise, unless --assume-timezone says.

        A file with no crash report in it (a README, a .DS_Store, an .ips hang report) is skipped:
        counted, named with --verbose, no error. A file that looks like a crash report but cannot be
        read (malformed, damaged, unsupported) is rejected: named, and the import exits 65.

        USAGE: crashscan import PATH... [--db FILE] [--rules FILE]... [--dsym PATH]...
                                [--assume-timezone ±HH:MM] [--reparse] [--quiet] [--verbose]

        ARGUMENTS:
          PATH              A file, a folder, or '-' for standard input.

        OPTIONS:
          --db FILE         The database (default: $CRASHSCAN_DB, else crashscan.sqlite).
          --rules FILE      A team rule file, added to the built-in rules (repeatable).
          --dsym PATH       The app's dSYM: a .dSYM bundle, a folder or a zip of them (repeatable);
                            app frames that are offsets are symbolicated by image UUID with
                            llvm-symbolizer (Debian package llvm).
          --assume-timezone ±HH:MM
                            The zone of times written without one (default: +08:00 for Bugly, UTC else).
          --reparse         Parse every file, also those whose bytes were imported before.
          --quiet           No per-file messages for rejected input; the summary line still prints.
          --verbose, -v     Also name every skipped file (no crash report in it) with the reason.
          -h, --help        Show help.

        OUTPUT: progress on standard error when it is a terminal; always a summary line on standard
        output: files, reports imported, duplicates, rejected (first reasons), skipped, KVC failures,
        time.
        EXIT CODES: 0 ok (also with skipped files), 65 some files rejected, 66 a path does not exist,
        69 llvm-symbolizer missing, 74 database error.
        """

    static let report = """
        OVERVIEW: Report KVC failure groups with counts, a device × OS-version matrix and each group's
        recommended fix.

        USAGE: crashscan report [filters] [--format text|json|csv|markdown] [--explain] [--db FILE]
                                [--rules FILE]... [--fail-on regressed]

        FILTERS (a filter given twice matches either value; different filters must all match):
          --os SPEC         8.1 (every 8.1.x), 8.1.3, 8, 8.0..8.2, >=13, >13, <8.3, <=8.1
          --device NAME     Model identifier (iPhone7,1) or marketing name (iPhone 6 Plus, 6+), any
                            case; 'unknown' for reports without a device
          --app-version V   App version, exactly as reported
          --since DATE      Crashes on or after DATE: YYYY-MM-DD (a UTC day) or YYYY-MM-DD HH:MM[:SS]
                            in UTC or with a zone (2015-03-01 08:00+08:00)
          --until DATE      Crashes on or before DATE (the same forms)
          --kind KIND       undefined_key, prohibited_ivar or obsolete_private_api
          --key KEY         The KVC key; '*' is a wildcard (_placeholder*)
          --regressed       Only the groups seen again after their fix version (crashscan fixed)

        OPTIONS:
          --format FORMAT   text (default: fits the terminal, else $COLUMNS, else 80 columns; coloured
                            on a terminal unless NO_COLOR is set), json (stable, see README), csv,
                            markdown
          --explain         Show every rule that matches each group and why (the most specific wins).
          --db FILE         The database (default: $CRASHSCAN_DB, else crashscan.sqlite).
          --rules FILE      Evaluate recommendations with these team rules added (repeatable).
          --fail-on regressed
                            Exit 1 when a group shown came back after its fix (for CI).
          -h, --help        Show help.

        EXIT CODES: 0 ok (also when nothing matches), 1 --fail-on regressed found one, 64 bad filter,
        66 no database, 74 database error.
        """

    static let rules = """
        OVERVIEW: List, check and test the rules of the recommendation engine: the built-in ones and a
        team's own (README, 'Rule files').

        USAGE: crashscan rules [list] [--rules FILE]... [--format text|json]
               crashscan rules check FILE...
               crashscan rules test FILE CRASH... [--explain] [--expect RULE_OR_FIX]

        SUBCOMMANDS:
          list              The rules in force with what they match (default).
          check FILE...     Validate rule files; an error names the file, line, rule and field.
          test FILE CRASH...
                            Run the built-in rules plus FILE on crash files or folders and print which
                            rule each report matches. With --expect, exit 1 unless every report is
                            matched by that rule id or fix slug (for a team's CI).

        OPTIONS:
          --rules FILE      A team rule file to add (repeatable); a rule with a built-in id replaces it.
          --format FORMAT   text (default) or json, for list.
          --explain         With test: every matching rule and why.
          -h, --help        Show help.

        A malformed rule file exits 65.
        """

    static let explain = """
        OVERVIEW: Explain one crash group: its classification, the frames of a representative report,
        the rule that matched and why (and the less specific ones), the evidence from the database
        (which OS versions crash, which of the app's OS versions do not, whether that fits the rule's
        failing window, app versions, regression), the confidence, and the fix.

        USAGE: crashscan explain GROUP [--format text|json] [--db FILE] [--rules FILE]...

        ARGUMENTS:
          GROUP             The group's id as 'crashscan report' shows it (1b4b4cd6), or at least 4 of its
                            first hex digits.

        EXIT CODES: 0 ok, 64 ambiguous GROUP, 66 no such group or no database.
        """

    static let fix = """
        OVERVIEW: Print the page of a fix: what the rules that recommend it know (where the access fails,
        the reason texts, the replacement in Objective-C and Swift, the sources) and, for
        associated-object-placeholder, the complete implementation and a point-by-point comparison
        with the published ones.

        USAGE: crashscan fix SLUG [--rules FILE]...
               crashscan fix --list
        """

    static let fixed = """
        OVERVIEW: Record the app version that fixed a crash group. A crash of the group in a later app
        version is then flagged as a regression (report, explain, the recommendations view).

        USAGE: crashscan fixed GROUP VERSION [--db FILE] [--rules FILE]...
               crashscan fixed GROUP --clear
        """

    static let symbolicate = """
        OVERVIEW: Resolve the app frames of stored reports (`App + 203280`, .ips image offsets) with the
        app's dSYMs, then reclassify and regroup those reports on the symbols. Images are matched by
        UUID (Binary Images, .ips usedImages); addresses are resolved by llvm-symbolizer (Debian
        package llvm, or $CRASHSCAN_LLVM_SYMBOLIZER). Reports keep their frames for this only while
        their app frames are offsets.

        USAGE: crashscan symbolicate GROUP --dsym PATH... [--db FILE] [--rules FILE]...
               crashscan symbolicate --all --dsym PATH... [--db FILE] [--rules FILE]...

        OPTIONS:
          --dsym PATH       A .dSYM bundle, a folder of them, or a zip of them (repeatable).
          --all             Every stored report with app frames as offsets.

        OUTPUT: how many reports were symbolicated, the regrouping, and the image UUIDs no dSYM matched.
        EXIT CODES: 0 ok, 64 usage error, 65 no dSYM with a UUID in PATH, 66 PATH or database missing,
        69 llvm-symbolizer missing.
        """

    static let regroup = """
        OVERVIEW: Regroup every stored report with this crashscan's grouping rules and refresh the
        recommendations. Needed after upgrading crashscan when the grouping rules changed; import does
        it on its own the first time it writes to such a database, and report warns until then.

        USAGE: crashscan regroup [--db FILE] [--rules FILE]...
        """
}
