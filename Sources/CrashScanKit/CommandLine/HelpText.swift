/// Help pages, in the swift-argument-parser layout (OVERVIEW, USAGE, OPTIONS).
enum HelpText {
    static let main = """
        OVERVIEW: Turn piles of iOS crash logs into answers: find Key-Value Coding failures on private
        keys, count them by device and OS version, and recommend the fix.

        USAGE: crashscan <command> [options]

        COMMANDS:
          import PATH...    Import crash logs (files, folders, '-' for standard input) into the database.
          report            Show KVC failure groups, a device × OS matrix and the recommended fixes.
          rules             List the rules of the recommendation engine.
          help [COMMAND]    Show help for a command.

        OPTIONS:
          --db FILE         The database (default: $CRASHSCAN_DB, else crashscan.sqlite in this folder).
          --version         Print the version.
          -h, --help        Show help.

        EXAMPLES:
          crashscan import SampleReports
          crashscan report --os 8.1
          crashscan report --device "iPhone 6 Plus" --format json

        EXIT CODES: 0 ok, 64 usage error, 65 some input rejected (the rest imported), 66 input missing,
        74 I/O or database error.
        """

    static let `import` = """
        OVERVIEW: Import crash logs into the database.

        Reads files and folders (recursively; hidden files are skipped) and '-' for standard input. The
        format is detected from the content: Bugly console copies (Chinese, English or Japanese labels,
        markdown tables), Bugly web-API JSON, the Bugly SDK crash.log (several reports per file), and
        Xcode console pastes; UTF-8, UTF-16 with BOM and GB18030/GBK. A report already in the
        database (same normalised content) is counted as a duplicate and not stored again. A file
        that holds no readable report is rejected with the reason; the rest of the import goes on.

        USAGE: crashscan import PATH... [--db FILE] [--rules FILE]... [--quiet]

        ARGUMENTS:
          PATH              A file, a folder, or '-' for standard input.

        OPTIONS:
          --db FILE         The database (default: $CRASHSCAN_DB, else crashscan.sqlite).
          --rules FILE      A team rule file, added to the built-in rules (repeatable).
          --quiet           No per-file messages for rejected input; the summary line still prints.
          -h, --help        Show help.

        OUTPUT: progress on standard error when it is a terminal; always a summary line on standard
        output: files, reports imported, duplicates, rejected (first reasons), KVC failures, time.
        EXIT CODES: 0 ok, 65 some files rejected, 66 a path does not exist, 74 database error.
        """

    static let report = """
        OVERVIEW: Report KVC failure groups with counts, a device × OS-version matrix and each group's
        recommended fix.

        USAGE: crashscan report [filters] [--format text|json|csv|markdown] [--db FILE] [--rules FILE]...

        FILTERS:
          --os SPEC         8.1 (every 8.1.x), 8.1.3, 8, 8.0..8.2, >=13, >13, <8.3, <=8.1
          --device NAME     Model identifier (iPhone7,1) or marketing name (iPhone 6 Plus), any case
          --app-version V   App version, exactly as reported
          --since DATE      Crashes on or after DATE (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)
          --until DATE      Crashes on or before DATE
          --kind KIND       undefined_key, prohibited_ivar or obsolete_private_api
          --key KEY         The KVC key; '*' is a wildcard (_placeholder*)

        OPTIONS:
          --format FORMAT   text (default, fits 100 columns), json (stable, see README), csv, markdown
          --db FILE         The database (default: $CRASHSCAN_DB, else crashscan.sqlite).
          --rules FILE      Evaluate recommendations with these team rules added (repeatable).
          -h, --help        Show help.

        EXIT CODES: 0 ok (also when nothing matches), 64 bad filter, 66 no database, 74 database error.
        """

    static let rules = """
        OVERVIEW: List the rules of the recommendation engine: the built-in ones and a team's own.

        USAGE: crashscan rules [--rules FILE]... [--format text|json]

        OPTIONS:
          --rules FILE      A team rule file to add (repeatable); a rule with a built-in id replaces it.
          --format FORMAT   text (default) or json.
          -h, --help        Show help.

        A malformed rule file is reported with the file, the rule and the field, and exits 65.
        """

    static func page(for command: String) -> String? {
        switch command {
        case "import": return `import`
        case "report": return report
        case "rules": return rules
        case "help": return main
        default: return nil
        }
    }
}
