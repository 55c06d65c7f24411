// The entry point of the module records_postgres (postgres_module.h): the one symbol it exports.
#include "server/records/postgres_module.h"
#include "server/records/postgres_records.h"

extern "C" __attribute__((visibility("default"))) coyote::RecordsStore*
coyote_open_postgres_records(const char* url) {
  return coyote::openPostgresRecords(url).release();  // throws as openPostgresRecords does
}
