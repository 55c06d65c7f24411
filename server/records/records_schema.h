#pragma once

#include <string>

#include "server/records/records_store.h"

namespace coyote {

/// The SQL a records store speaks: SQLite's or PostgreSQL's.
enum class SqlDialect { Sqlite, Postgres };

/// Migration `step` (0 ≤ step < RecordsStore::kSchemaVersion) takes the schema from version
/// `step` to `step + 1`. Written once for both dialects, which differ only in the names of two
/// column types and of an empty byte string: the two stores keep the same schema by
/// construction.
std::string schemaMigration(int step, SqlDialect dialect);

}  // namespace coyote
