#pragma once

#include <memory>
#include <string>

#include "server/records/records_store.h"

namespace coyote {

/// The PostgreSQL records (postgres_records.h), from the module records_postgres.so that the
/// server loads at the first call: a server keeping its records in SQLite, or none, never maps
/// libpq, OpenSSL or Kerberos (docs/hosting.md#memory). The module is looked for in
/// `lib/coyote` beside the program's `bin` (the build's lib/coyote for its programs and tests).
/// Throws std::runtime_error naming the module's path when it cannot be loaded, or as
/// openPostgresRecords does.
std::unique_ptr<RecordsStore> openPostgresRecordsModule(const std::string& url);

/// Where the module is looked for.
std::string postgresModulePath();

/// The module's one entry point, looked up by this name.
using OpenPostgresRecords = RecordsStore* (*)(const char* url);
inline constexpr const char* kOpenPostgresRecordsSymbol = "coyote_open_postgres_records";

}  // namespace coyote
