#pragma once

// What the records fixtures of tests/data/records (make_schema_fixtures.py) hold, checked in a
// store that opened one: SQLite's (RecordsSchemaFixtures) and PostgreSQL's (PostgresRecords).

#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "server/moderation/ban_list.h"
#include "server/records/records_store.h"

namespace coyote::test {

inline constexpr const char* kFixtureCourse = "00c0ffee00c0ffee";

/// Checks that `store`, opened on the fixture of `schema`, is at today's schema with every run,
/// ban and name's owner the fixture had; prints the figure.
inline void checkSchemaFixtureKept(RecordsStore& store, int schema) {
  EXPECT_EQ(store.schemaVersion(), RecordsStore::kSchemaVersion);
  const std::vector<BoardRow> board = store.top(kFixtureCourse, 0, 10);
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0].player, "ada");
  EXPECT_EQ(board[0].timeUs, 41250000);
  EXPECT_EQ(board[0].splitsUs, (std::vector<std::int64_t>{12000000, 25000000}));
  EXPECT_EQ(board[1].player, "wile");
  EXPECT_EQ(board[1].finishes, 3);
  const std::vector<BanRow> bans = store.liveBans(1796000400, 100);
  EXPECT_EQ(bans.size(), schema >= 3 ? 1u : 0u) << "the bans came with schema 3";
  std::vector<std::string> problems;
  const BanList read = BanList::fromRows(bans, problems);
  EXPECT_TRUE(problems.empty()) << problems.front();
  if (schema >= 3) {
    ASSERT_EQ(read.bans().size(), 1u);
    EXPECT_EQ(read.bans()[0].kind, Ban::Kind::Key);
    EXPECT_EQ(read.bans()[0].name, "wile");
    EXPECT_EQ(read.bans()[0].reason, "cheating");
  }
  const std::size_t owners = store.nameOwners(10).size();
  EXPECT_EQ(owners, schema >= 4 ? 1u : 0u) << "names' owners came with schema 4";
  std::printf("figure: schema %d opened at schema %d: kept %zu runs, %zu bans, %zu owners\n",
              schema, store.schemaVersion(), board.size(), bans.size(), owners);
}

}  // namespace coyote::test
