#include "server/records/records_schema.h"

#include <array>
#include <string_view>

namespace coyote {
namespace {

/// The migrations, with `{int}` for a 64-bit integer column, `{bytes}` for a byte string column
/// and `{no_bytes}` for an empty byte string.
constexpr std::array<std::string_view, RecordsStore::kSchemaVersion> kMigrations = {
    R"(CREATE TABLE courses (
         course TEXT PRIMARY KEY, level TEXT NOT NULL, race TEXT NOT NULL,
         players {int} NOT NULL, best_us {int} NOT NULL, first_run {int} NOT NULL);
       CREATE INDEX courses_by_players ON courses (players DESC, course);
       CREATE TABLE bests (
         course TEXT NOT NULL REFERENCES courses (course), player TEXT NOT NULL,
         time_us {int} NOT NULL, splits TEXT NOT NULL, finished_at {int} NOT NULL,
         server TEXT NOT NULL, finishes {int} NOT NULL, record {bytes} NOT NULL,
         PRIMARY KEY (course, player));
       CREATE INDEX bests_board ON bests (course, time_us, finished_at);)",
    // 2: each best keeps its ghost (the runs kept before have none).
    R"(ALTER TABLE bests ADD COLUMN ghost {bytes} NOT NULL DEFAULT {no_bytes};)",
    // 3: the bans (docs/hosting.md#moderation).
    R"(CREATE TABLE bans (
         kind TEXT NOT NULL, ban_key TEXT NOT NULL, ends_at {int} NOT NULL, entry TEXT NOT NULL,
         PRIMARY KEY (kind, ban_key));)",
    // 4: who owns a name that set records (docs/hosting.md#records).
    R"(CREATE TABLE name_owners (
         name_key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, name TEXT NOT NULL,
         since {int} NOT NULL);)",
    // 5: the board in a total order (time, date, player), for keyset paging.
    R"(CREATE INDEX bests_keyset ON bests (course, time_us, finished_at, player);
       DROP INDEX bests_board;)",
    // 6: the version of the server that last opened it, and when (docs/hosting.md#upgrading).
    R"(CREATE TABLE written_by (version TEXT NOT NULL, opened_at {int} NOT NULL);)",
};

void replaceAll(std::string& text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

std::string schemaMigration(int step, SqlDialect dialect) {
  std::string sql(kMigrations.at(static_cast<std::size_t>(step)));
  const bool sqlite = dialect == SqlDialect::Sqlite;
  replaceAll(sql, "{int}", sqlite ? "INTEGER" : "BIGINT");
  replaceAll(sql, "{bytes}", sqlite ? "BLOB" : "BYTEA");
  replaceAll(sql, "{no_bytes}", sqlite ? "x''" : "''::bytea");
  return sql;
}

}  // namespace coyote
