// The records database through SQLite (docs/hosting.md#records): a real file, reopened.
#include "server/records/records_store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/ban_rows.h"
#include "support/name_owner_rows.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

FinishedRun storedRun(const std::string& player, std::int64_t timeUs, std::int64_t at = 1000) {
  return FinishedRun{
      "00000000000000aa",  "race", "Coyote Cup", player, timeUs, {timeUs / 2}, at, "host",
      "bytes\0of a record"};
}

TEST(RecordsStore, KeepsEachPlayersBestInOrderAndCountsEveryFinish) {
  test::TempDirectory directory;
  const auto store = openRecordsStore((directory.path() / "records.sqlite").string(), "");
  store->save(storedRun("ada", 41'250'000));
  store->save(storedRun("bob", 39'000'500));
  store->save(storedRun("ada", 45'000'000));       // slower: counted, not kept
  store->save(storedRun("cyd", 39'000'500, 900));  // the same time, set earlier: ranked first
  store->save(storedRun("ada", 38'123'456, 2000));
  const auto top = store->top("00000000000000aa", 0, 10);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0].player, "ada");
  EXPECT_EQ(top[0].timeUs, 38'123'456);
  EXPECT_EQ(top[0].finishes, 3);
  EXPECT_EQ(top[0].splitsUs, std::vector<std::int64_t>{19'061'728});
  EXPECT_EQ(top[1].player, "cyd");
  EXPECT_EQ(top[2].player, "bob");
  EXPECT_EQ(top[2].rank, 3);
  const auto page = store->top("00000000000000aa", 1, 1);
  ASSERT_EQ(page.size(), 1u);
  EXPECT_EQ(page[0].player, "cyd");
  EXPECT_EQ(page[0].rank, 2);
  const auto bob = store->best("00000000000000aa", "bob");
  ASSERT_TRUE(bob);
  EXPECT_EQ(bob->rank, 3);
  EXPECT_FALSE(store->best("00000000000000aa", "nobody"));
  const auto courses = store->courses(0, 10);
  ASSERT_EQ(courses.size(), 1u);
  EXPECT_EQ(courses[0].players, 3);
  EXPECT_EQ(courses[0].bestUs, 38'123'456);
  EXPECT_EQ(courses[0].race, "Coyote Cup");
}

TEST(RecordsStore, HostileNamesAreStoredAndReadVerbatim) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "records.sqlite").string();
  const std::vector<std::string> names = {"'); DROP TABLE bests;--", "Robert\"); --", "%_*?",
                                          "<script>alert(1)</script>", "ünïcødé ☃"};
  {
    const auto store = openRecordsStore(file, "");
    for (std::size_t i = 0; i < names.size(); ++i) {
      store->save(storedRun(names[i], 40'000'000 + static_cast<std::int64_t>(i)));
    }
  }
  const auto store = openRecordsStore(file, "");
  const auto top = store->top("00000000000000aa", 0, 10);
  ASSERT_EQ(top.size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(top[i].player, names[i]);
  }
  EXPECT_TRUE(store->best("00000000000000aa", names[0]));
}

TEST(RecordsStore, OutlivesTheProcessThatWroteItWithItsRecordBytes) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "records.sqlite").string();
  std::string record("\0\1\2 replay", 10);
  FinishedRun finished = storedRun("ada", 41'000'000);
  finished.record = record;
  openRecordsStore(file, "")->save(finished);
  const auto store = openRecordsStore(file, "");
  EXPECT_EQ(store->schemaVersion(), RecordsStore::kSchemaVersion);
  EXPECT_EQ(store->runRecord("00000000000000aa", "ada"), record);
  EXPECT_EQ(store->top("00000000000000aa", 0, 10).size(), 1u);
}

TEST(RecordsStore, ADatabaseFromANewerServerIsRefusedNotDamaged) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "records.sqlite").string();
  openRecordsStore(file, "")->save(storedRun("ada", 41'000'000));
  {
    SQLite::Database db(file, SQLite::OPEN_READWRITE);
    db.exec("UPDATE schema_version SET version = 99");
  }
  try {
    openRecordsStore(file, "");
    FAIL() << "a newer schema was opened";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(
        std::string(error.what()).find("has schema version 99, newer than this coyote-server's"),
        std::string::npos)
        << error.what();
  }
  SQLite::Database db(file, SQLite::OPEN_READONLY);
  EXPECT_EQ(db.execAndGet("SELECT count(*) FROM bests").getInt(), 1);
}

TEST(RecordsStore, TheBoardQueriesUseAnIndex) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "records.sqlite").string();
  openRecordsStore(file, "");
  SQLite::Database db(file, SQLite::OPEN_READONLY);
  const auto plan = [&db](const std::string& sql) {
    SQLite::Statement explain(db, "EXPLAIN QUERY PLAN " + sql);
    std::string text;
    while (explain.executeStep()) {
      text += explain.getColumn(3).getString() + "\n";
    }
    return text;
  };
  const std::string top = plan(
      "SELECT player FROM bests WHERE course = 'a' ORDER BY time_us, finished_at, player LIMIT 10");
  EXPECT_NE(top.find("INDEX bests_keyset"), std::string::npos) << top;
  EXPECT_EQ(top.find("TEMP B-TREE"), std::string::npos) << top;
  for (const char* sql :
       {"SELECT player FROM bests WHERE course = 'a' AND (time_us, finished_at, player) > (1, 2, "
        "'x') ORDER BY time_us, finished_at, player LIMIT 10",
        "SELECT player FROM bests WHERE course = 'a' ORDER BY time_us DESC, finished_at DESC, "
        "player DESC LIMIT 10"}) {
    const std::string keyset = plan(sql);
    EXPECT_NE(keyset.find("bests_keyset"), std::string::npos) << keyset;
    EXPECT_EQ(keyset.find("TEMP B-TREE"), std::string::npos) << keyset;
  }
  const std::string courses = plan("SELECT course FROM courses ORDER BY players DESC LIMIT 10");
  EXPECT_NE(courses.find("courses_by_players"), std::string::npos) << courses;
  const std::string rank = plan(
      "SELECT count(*) FROM bests WHERE course = 'a' AND (time_us < 5 OR (time_us = 5 AND "
      "finished_at < 3))");
  EXPECT_NE(rank.find("INDEX"), std::string::npos) << rank;
}

// Keyset paging (docs/hosting.md#the-leaderboard-page): the rows after and before a row, and the
// last ones, in the board's order (time, date, player), ties included.
TEST(RecordsStore, PagesByKeysetWalkTheBoardBothWays) {
  test::TempDirectory directory;
  const auto store = openRecordsStore((directory.path() / "records.sqlite").string(), "");
  for (int i = 0; i < 30; ++i) {  // pairs of equal times: the player breaks the tie
    store->save(storedRun(fmt::format("p{:02}", i), 40'000'000 + (i / 2) * 1000));
  }
  const auto first = store->rowsAfter("00000000000000aa", std::nullopt, 10);
  ASSERT_EQ(first.size(), 10u);
  const BoardKey tenth{first.back().timeUs, first.back().finishedAt, first.back().player};
  const auto second = store->rowsAfter("00000000000000aa", tenth, 10);
  ASSERT_EQ(second.size(), 10u);
  EXPECT_EQ(second.front().player, "p10");
  const auto back = store->rowsBefore(
      "00000000000000aa",
      BoardKey{second.front().timeUs, second.front().finishedAt, second.front().player}, 10);
  ASSERT_EQ(back.size(), 10u);
  EXPECT_EQ(back.front().player, "p00");
  EXPECT_EQ(back.back().player, "p09");
  const auto last = store->rowsBefore("00000000000000aa", std::nullopt, 4);
  ASSERT_EQ(last.size(), 4u);
  EXPECT_EQ(last.front().player, "p26");
  EXPECT_EQ(last.back().player, "p29");
  EXPECT_EQ(store->top("00000000000000aa", 26, 4).front().player, "p26") << "offsets agree";
}

TEST(RecordsStore, SplitsSurviveTheirTextForm) {
  EXPECT_EQ(parseSplits(joinSplits({1, 20, 300000000000})),
            (std::vector<std::int64_t>{1, 20, 300000000000}));
  EXPECT_TRUE(parseSplits("").empty());
  EXPECT_TRUE(parseSplits("1,x").empty());
  EXPECT_TRUE(parseSplits("1;2").empty());
}

}  // namespace
}  // namespace coyote

namespace coyote {
namespace {

TEST(RecordsStore, KeepsBansByKindAndKeyAndForgetsTheEndedOnes) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "records.sqlite").string();
  test::checkBanRows(*openRecordsStore(file, ""));
  EXPECT_EQ(openRecordsStore(file, "")->liveBans(1600, 100).size(), 1u) << "kept in the file";
}

TEST(RecordsStore, ANameBelongsToTheFirstKeyThatClaimsItUntilReleased) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "records.sqlite").string();
  test::checkNameOwners(*openRecordsStore(file, ""));
  EXPECT_EQ(openRecordsStore(file, "")->nameOwners(10).size(), 2u) << "kept in the file";
}

// A file a version-1 server wrote (its schema, as it was): migrated in place, its rows kept,
// without a ghost.
TEST(RecordsStore, AnOlderDatabaseIsMigratedWithItsRows) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "records.sqlite").string();
  {
    SQLite::Database db(file, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec(R"(CREATE TABLE schema_version (version INTEGER NOT NULL);
      INSERT INTO schema_version VALUES (1);
      CREATE TABLE courses (course TEXT PRIMARY KEY, level TEXT NOT NULL, race TEXT NOT NULL,
        players INTEGER NOT NULL, best_us INTEGER NOT NULL, first_run INTEGER NOT NULL);
      CREATE INDEX courses_by_players ON courses (players DESC, course);
      CREATE TABLE bests (course TEXT NOT NULL REFERENCES courses (course), player TEXT NOT NULL,
        time_us INTEGER NOT NULL, splits TEXT NOT NULL, finished_at INTEGER NOT NULL,
        server TEXT NOT NULL, finishes INTEGER NOT NULL, record BLOB NOT NULL,
        PRIMARY KEY (course, player));
      CREATE INDEX bests_board ON bests (course, time_us, finished_at);
      INSERT INTO courses VALUES ('00000000000000aa', 'race', 'Cup', 1, 41000000, 5);
      INSERT INTO bests VALUES ('00000000000000aa', 'old', 41000000, '', 5, 'h', 1, x'00');)");
  }
  const auto store = openRecordsStore(file, "");
  EXPECT_EQ(store->schemaVersion(), RecordsStore::kSchemaVersion);
  ASSERT_EQ(store->top("00000000000000aa", 0, 10).size(), 1u);
  EXPECT_FALSE(store->ghost("00000000000000aa", "old")) << "kept without a ghost";
  FinishedRun faster = storedRun("old", 40'000'000);
  faster.ghost = "a ghost";
  store->save(faster);
  EXPECT_EQ(store->ghost("00000000000000aa", "old"), "a ghost");
}

}  // namespace
}  // namespace coyote
