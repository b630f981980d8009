#ifndef CRASHSCAN_CSQLITE_SHIM_H
#define CRASHSCAN_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro that Swift cannot import. A Swift string's bytes are only
// valid inside the call that lends them: bound with SQLITE_STATIC (nil) they would be used after
// they are freed. Statements bind copies they keep (SQLiteStatement.boundBytes) with
// SQLITE_STATIC; the rest goes through this.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_config is variadic, which Swift cannot call. Turning off the memory statistics
// (the library's default keeps them) spares every allocation a global mutex.
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

// sqlite3_db_config is variadic too. Turns the connection's triggers off or on (an import's own
// inserts, which keep the caches themselves, then need no statement journal); prepared
// statements are compiled again at their next step. Returns SQLITE_OK or an error code.
static inline int csqlite_enable_triggers(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, (int *)0);
}

#endif
