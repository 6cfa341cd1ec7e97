// The page cache's store: Debian's libsqlite3 (3.40 on bookworm; WAL, UPSERT and RETURNING need 3.35+).
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: the forms with an int and an int*
// (SQLITE_DBCONFIG_DEFENSIVE, _TRUSTED_SCHEMA, _ENABLE_VIEW…), wrapped for it.
static inline int endless_sqlite3_db_config_int(sqlite3 *db, int option, int value) {
    int now = -1;
    int result = sqlite3_db_config(db, option, value, &now);
    return result == SQLITE_OK && now == value ? SQLITE_OK : (result == SQLITE_OK ? SQLITE_ERROR : result);
}
