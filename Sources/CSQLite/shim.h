#ifndef CRASHSCAN_CSQLITE_SHIM_H
#define CRASHSCAN_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro that Swift cannot import. Binding a Swift
// string with SQLITE_STATIC (nil) is a use-after-free, so every bind goes
// through this.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
