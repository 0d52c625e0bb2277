// The system SQLite, wrapped by RocketReserverServer's Database/SQLite.swift.
#include <sqlite3.h>
