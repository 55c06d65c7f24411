#include "server/records/records_store.h"

#include "server/records/postgres_module.h"
#include "server/records/sqlite_records.h"

namespace coyote {

std::unique_ptr<RecordsStore> openRecordsStore(const std::string& path, const std::string& url) {
  if (!url.empty()) {
    return openPostgresRecordsModule(url);
  }
  return openSqliteRecords(path);
}

}  // namespace coyote
