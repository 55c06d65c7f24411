#pragma once

#include <memory>
#include <string>

#include "server/records/records_store.h"

namespace coyote {

/// The PostgreSQL records (server/records/postgres_records.h) from the module records_postgres
/// (server_module.h), loaded at the first call: a server keeping its records in SQLite, or none,
/// never maps libpq, OpenSSL or Kerberos. Throws std::runtime_error when the module does not
/// load, or as openPostgresRecords does.
std::unique_ptr<RecordsStore> openPostgresRecordsModule(const std::string& url);

/// The module's entry point.
using OpenPostgresRecords = RecordsStore* (*)(const char* url);
inline constexpr const char* kOpenPostgresRecords = "coyote_open_postgres_records";

}  // namespace coyote
