#include "server/records/postgres_module.h"

#include <stdexcept>

#include "server/modules/server_module.h"

namespace coyote {

std::unique_ptr<RecordsStore> openPostgresRecordsModule(const std::string& url) {
  const auto open = moduleFunction<OpenPostgresRecords>("records_postgres", kOpenPostgresRecords);
  return std::unique_ptr<RecordsStore>(open(url.c_str()));
}

}  // namespace coyote
