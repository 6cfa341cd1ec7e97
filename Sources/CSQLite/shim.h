// The page cache's store: Debian's libsqlite3 (3.40 on bookworm; WAL, UPSERT and RETURNING need 3.35+).
#include <sqlite3.h>
