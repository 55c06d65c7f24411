#include "server/records/newer_schema.h"

#include <fmt/format.h>

#include "server/records/records_store.h"
#include "version/build_version.h"

namespace coyote {

NewerSchemaError::NewerSchemaError(const std::string& database, int version,
                                   const std::string& writer)
    : service::RefusedToStart(fmt::format(
          "the records database {} has schema version {}, newer than this coyote-server's ({}, "
          "version {}): a newer coyote-server{} wrote it. Install that one again, or start "
          "without records (records.path = \"\" and records.url = \"\"); the database was left "
          "as it was (docs/hosting.md#upgrading)",
          database, version, RecordsStore::kSchemaVersion, buildVersion(),
          writer.empty() ? "" : fmt::format(" ({})", writer))) {}

}  // namespace coyote
