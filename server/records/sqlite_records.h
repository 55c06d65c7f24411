#pragma once

#include <memory>
#include <string>

#include "server/records/records_store.h"

namespace coyote {

/// The records in a SQLite file (WAL mode: the page reads while the server writes), through
/// SQLiteCpp. Throws std::runtime_error naming the file when it cannot open or migrate it.
std::unique_ptr<RecordsStore> openSqliteRecords(const std::string& path);

}  // namespace coyote
