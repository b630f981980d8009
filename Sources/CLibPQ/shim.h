#ifndef CRASHSCAN_CLIBPQ_SHIM_H
#define CRASHSCAN_CLIBPQ_SHIM_H

// libpq, PostgreSQL's client library (Debian: libpq-dev to build, libpq5 to run). Every
// connection goes through it, so its usual environment (PGPASSWORD, PGSSLMODE, ~/.pgpass …)
// applies.
//
// It is not linked: crashscan loads it (dlopen) when it first connects to PostgreSQL. Linked, it
// and the twenty libraries it needs (Kerberos, LDAP, TLS …) were loaded and relocated by every
// command, SQLite ones included: about 7 ms of a 21 ms start, and a binary that would not start
// at all where libpq is missing. The header gives the types and constants; each function is
// found with the type the header declares (`LibPQ` in CrashScanStore keeps them).
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
// Debian's libpq-dev keeps the header in a folder of its own (what `pkg-config --cflags libpq`
// names; the package no longer asks pkg-config, whose flags would link the library).
#include <postgresql/libpq-fe.h>
#endif
#include <dlfcn.h>

#define CLIBPQ_LOOKUP(name)                                                                        \
    static inline __typeof__(&name) clibpq_##name(void *library) {                                 \
        return (__typeof__(&name))dlsym(library, #name);                                          \
    }

CLIBPQ_LOOKUP(PQconnectdb)
CLIBPQ_LOOKUP(PQstatus)
CLIBPQ_LOOKUP(PQerrorMessage)
CLIBPQ_LOOKUP(PQfinish)
CLIBPQ_LOOKUP(PQsetNoticeProcessor)
CLIBPQ_LOOKUP(PQserverVersion)
CLIBPQ_LOOKUP(PQtransactionStatus)
CLIBPQ_LOOKUP(PQexec)
CLIBPQ_LOOKUP(PQclear)
CLIBPQ_LOOKUP(PQexecParams)
CLIBPQ_LOOKUP(PQprepare)
CLIBPQ_LOOKUP(PQdescribePrepared)
CLIBPQ_LOOKUP(PQnfields)
CLIBPQ_LOOKUP(PQfname)
CLIBPQ_LOOKUP(PQnparams)
CLIBPQ_LOOKUP(PQexecPrepared)
CLIBPQ_LOOKUP(PQresultStatus)
CLIBPQ_LOOKUP(PQputCopyData)
CLIBPQ_LOOKUP(PQputCopyEnd)
CLIBPQ_LOOKUP(PQgetResult)
CLIBPQ_LOOKUP(PQresultErrorField)
CLIBPQ_LOOKUP(PQntuples)
CLIBPQ_LOOKUP(PQftype)
CLIBPQ_LOOKUP(PQgetisnull)
CLIBPQ_LOOKUP(PQgetvalue)

#endif
