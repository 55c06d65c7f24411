// docs/hosting.md#upgrading: a records database of every schema the server has had
// (tests/data/records/schema_N.sqlite, made once each by make_schema_fixtures.py from that
// schema's migrations) opened by today's server: migrated to today's schema with every run, ban
// and name's owner kept, the ban still read as the ban it was, and the server named.
#include <filesystem>
#include <memory>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "server/records/records_store.h"
#include "support/schema_fixture.h"
#include "support/temp_file.h"
#include "version/build_version.h"

namespace coyote {
namespace {

TEST(RecordsSchemaFixtures, EveryEarlierSchemaIsMigratedWithEverythingKept) {
  for (int schema = 1; schema <= RecordsStore::kSchemaVersion; ++schema) {
    SCOPED_TRACE(fmt::format("schema {}", schema));
    const test::TempDirectory directory(std::to_string(schema));
    const std::filesystem::path copy = directory.path() / "records.sqlite";
    std::filesystem::copy_file(
        fmt::format("{}/tests/data/records/schema_{}.sqlite", COYOTE_SOURCE_DIR, schema), copy);
    test::checkSchemaFixtureKept(*openRecordsStore(copy.string(), ""), schema);
    SQLite::Database db(copy.string(), SQLite::OPEN_READONLY);
    EXPECT_EQ(db.execAndGet("SELECT version FROM written_by").getString(), buildVersion())
        << "it names the server that opened it last";
  }
}

}  // namespace
}  // namespace coyote
