import CLibPQ

#if canImport(Glibc)
    import Glibc
#endif

/// libpq's functions, from the library loaded when crashscan first connects to PostgreSQL (see
/// `CLibPQ/shim.h` for why it is not linked). Each has the type libpq's header declares, under
/// its name without the `PQ` (`LibPQ.exec` is `PQexec`).
enum LibPQ {
    /// Where the library is: Debian's libpq5 installs `libpq.so.5` on the loader's path;
    /// Homebrew's libpq is keg-only, under its prefix.
    #if os(macOS)
        static let candidates = [
            "libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
            "/usr/local/opt/libpq/lib/libpq.5.dylib",
        ]
    #else
        static let candidates = ["libpq.so.5"]
    #endif

    /// Set once, then only read.
    nonisolated(unsafe) private static let loaded = open(candidates)

    /// The first of `names` that loads, or why none did.
    static func open(_ names: [String]) -> Result<UnsafeMutableRawPointer, DatabaseError> {
        var reason = "libpq not found"
        for name in names {
            if let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return .success(library) }
            reason = dlerror().map { String(cString: $0) } ?? reason
        }
        return .failure(
            DatabaseError(
                unreachable:
                    "PostgreSQL needs libpq, which could not be loaded (on Debian or Ubuntu: apt install libpq5): \(reason)"
            ))
    }

    /// Loads libpq, or says why it cannot be loaded; every other member needs it loaded.
    static func load() throws(DatabaseError) {
        if case .failure(let error) = loaded { throw error }
    }

    private static var library: UnsafeMutableRawPointer {
        guard case .success(let library) = loaded else {
            preconditionFailure("libpq used before LibPQ.load()")
        }
        return library
    }

    static let connectdb = clibpq_PQconnectdb(library)!
    static let status = clibpq_PQstatus(library)!
    static let errorMessage = clibpq_PQerrorMessage(library)!
    static let finish = clibpq_PQfinish(library)!
    static let setNoticeProcessor = clibpq_PQsetNoticeProcessor(library)!
    static let serverVersion = clibpq_PQserverVersion(library)!
    static let transactionStatus = clibpq_PQtransactionStatus(library)!
    static let exec = clibpq_PQexec(library)!
    static let clear = clibpq_PQclear(library)!
    static let execParams = clibpq_PQexecParams(library)!
    static let prepare = clibpq_PQprepare(library)!
    static let describePrepared = clibpq_PQdescribePrepared(library)!
    static let nfields = clibpq_PQnfields(library)!
    static let fname = clibpq_PQfname(library)!
    static let nparams = clibpq_PQnparams(library)!
    static let execPrepared = clibpq_PQexecPrepared(library)!
    static let resultStatus = clibpq_PQresultStatus(library)!
    static let putCopyData = clibpq_PQputCopyData(library)!
    static let putCopyEnd = clibpq_PQputCopyEnd(library)!
    static let getResult = clibpq_PQgetResult(library)!
    static let resultErrorField = clibpq_PQresultErrorField(library)!
    static let ntuples = clibpq_PQntuples(library)!
    static let ftype = clibpq_PQftype(library)!
    static let getisnull = clibpq_PQgetisnull(library)!
    static let getvalue = clibpq_PQgetvalue(library)!
}
