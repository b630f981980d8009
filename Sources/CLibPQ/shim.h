#ifndef CRASHSCAN_CLIBPQ_SHIM_H
#define CRASHSCAN_CLIBPQ_SHIM_H

// libpq, PostgreSQL's client library (Debian: libpq-dev). Every connection goes through it, so
// its usual environment (PGPASSWORD, PGSSLMODE, ~/.pgpass …) applies.
#include <libpq-fe.h>

#endif
