// The records' schema is written once (server/records/records_schema.cpp): each dialect gets the
// same tables and columns, in its own type names.
#include "server/records/records_schema.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace coyote {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(RecordsSchema, EachDialectGetsEveryMigrationInItsOwnTypes) {
  for (int step = 0; step < RecordsStore::kSchemaVersion; ++step) {
    const std::string sqlite = schemaMigration(step, SqlDialect::Sqlite);
    const std::string postgres = schemaMigration(step, SqlDialect::Postgres);
    EXPECT_THAT(sqlite, Not(HasSubstr("{"))) << sqlite;
    EXPECT_THAT(postgres, Not(HasSubstr("{"))) << postgres;
    EXPECT_THAT(sqlite, Not(HasSubstr("BIGINT")));
    EXPECT_THAT(sqlite, Not(HasSubstr("BYTEA")));
    EXPECT_THAT(postgres, Not(HasSubstr("INTEGER")));
    EXPECT_THAT(postgres, Not(HasSubstr("BLOB")));
    if (sqlite.find("CREATE TABLE") != std::string::npos ||
        sqlite.find("ADD COLUMN") != std::string::npos) {  // columns have the dialect's types
      EXPECT_NE(sqlite, postgres) << "step " << step;
    }
  }
  EXPECT_THAT(schemaMigration(0, SqlDialect::Sqlite), HasSubstr("record BLOB NOT NULL"));
  EXPECT_THAT(schemaMigration(0, SqlDialect::Postgres), HasSubstr("record BYTEA NOT NULL"));
  EXPECT_THAT(schemaMigration(1, SqlDialect::Sqlite), HasSubstr("DEFAULT x''"));
  EXPECT_THAT(schemaMigration(1, SqlDialect::Postgres), HasSubstr("DEFAULT ''::bytea"));
  EXPECT_THAT(schemaMigration(2, SqlDialect::Postgres), HasSubstr("ends_at BIGINT NOT NULL"));
}

}  // namespace
}  // namespace coyote
