// The records in a real PostgreSQL cluster (docs/hosting.md#records), made by the test with
// initdb and pg_ctl: the store, a fleet of two servers sharing it, and a database stopped in the
// middle of a match. Labelled `postgres`: scripts/suite postgres runs them (CI, after
// scripts/test).
#include <chrono>
#include <csignal>
#include <filesystem>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "identity/hello_proof.h"
#include "identity/player_key.h"
#include "server/names/player_name.h"
#include "server/records/records_store.h"
#include "support/ban_rows.h"
#include "support/coyote_processes.h"
#include "support/metrics_scrape.h"
#include "support/name_owner_rows.h"
#include "support/postgres_cluster.h"
#include "support/race_level.h"
#include "support/run_command.h"
#include "support/schema_fixture.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

constexpr const char* kAdminToken = "a-token-of-more-than-16-characters";

/// A server with records and the admin API, its bans file in `directory`.
struct AdminProcess {
  test::ScopedEnvironment environment;
  test::ServerProcess server;
  std::string url;

  explicit AdminProcess(test::TempDirectory& directory)
      : environment({{"COYOTE_ADMIN_BANS_FILE", (directory.path() / "bans.json").string()}}),
        server(directory, (directory.path() / "game.rpl").string(),
               {"--metrics-port", "-1", "--metrics-port-file",
                (directory.path() / "http-port").string()}),
        url(fmt::format("http://127.0.0.1:{}",
                        test::waitForPort((directory.path() / "http-port").string()))) {}

  test::CommandResult admin(const std::string& arguments) const {
    return test::runCommand(fmt::format("COYOTE_ADMIN_TOKEN='{}' {} --url {} {}", kAdminToken,
                                        COYOTE_ADMIN_BINARY, url, arguments));
  }
  void stop() {
    server.process.signal(SIGTERM);
    EXPECT_EQ(server.process.wait(10.0), 0);
  }
};

FinishedRun run(const std::string& player, std::int64_t timeUs, std::int64_t at = 1000) {
  return FinishedRun{"00000000000000cc",
                     "race",
                     "Cup",
                     player,
                     timeUs,
                     {timeUs / 2, timeUs - 1},
                     at,
                     "host",
                     std::string("\0\1\2record", 9)};
}

TEST(PostgresRecords, KeepsEachPlayersBestWithHostileNamesAndRecordBytes) {
  test::TempDirectory directory;
  test::PostgresCluster cluster(directory);
  ASSERT_TRUE(cluster.running());
  const auto store = openRecordsStore("", cluster.url());
  EXPECT_EQ(store->schemaVersion(), RecordsStore::kSchemaVersion);
  const std::string hostile = "'); DROP TABLE bests;--";
  store->save(run(hostile, 41'000'000));
  store->save(run("ada", 40'000'000));
  store->save(run("ada", 45'000'000));
  store->save(run("bob", 40'000'000, 900));
  const auto top = store->top("00000000000000cc", 0, 10);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0].player, "bob");  // the same time, set earlier
  EXPECT_EQ(top[1].player, "ada");
  EXPECT_EQ(top[1].finishes, 2);
  EXPECT_EQ(top[2].player, hostile);
  EXPECT_EQ(top[2].splitsUs, (std::vector<std::int64_t>{20'500'000, 40'999'999}));
  EXPECT_EQ(store->best("00000000000000cc", "ada")->rank, 2);
  EXPECT_EQ(store->runRecord("00000000000000cc", hostile), std::string("\0\1\2record", 9));
  EXPECT_EQ(store->courses(0, 10).at(0).players, 3);
  // Opened again (a second server): migrated once, the rows are there.
  EXPECT_EQ(openRecordsStore("", cluster.url())->top("00000000000000cc", 0, 10).size(), 3u);
}

/// A server on the race level writing to `url`, its HTTP port in `httpFile`.
std::vector<std::string> raceServer(const std::string& level, const std::string& httpFile) {
  return {"--level", level, "--metrics-port", "-1", "--metrics-port-file", httpFile};
}

// docs/hosting.md#upgrading: the database of every schema there has been, as PostgreSQL holds it
// (tests/data/records/schema_N.postgres.sql, made by make_schema_fixtures.py), opened by today's
// server with everything kept.
TEST(PostgresRecords, EveryEarlierSchemaIsMigratedWithEverythingKept) {
  test::TempDirectory directory;
  test::PostgresCluster cluster(directory);
  for (int schema = 1; schema <= RecordsStore::kSchemaVersion; ++schema) {
    SCOPED_TRACE(fmt::format("schema {}", schema));
    const std::string name = fmt::format("schema_{}", schema);
    std::string url = cluster.url();
    url.replace(url.find("/postgres?"), 10, "/" + name + "?");
    const test::CommandResult made = test::runCommand(
        fmt::format("psql -v ON_ERROR_STOP=1 -q '{}' -c 'CREATE DATABASE {}' 2>&1 && psql -v "
                    "ON_ERROR_STOP=1 -q '{}' -f {}/tests/data/records/{}.postgres.sql 2>&1",
                    cluster.url(), name, url, COYOTE_SOURCE_DIR, name));
    ASSERT_EQ(made.exitCode, 0) << made.output;
    test::checkSchemaFixtureKept(*openRecordsStore("", url), schema);
  }
}

TEST(PostgresRecords, KeepsBansByKindAndKeyAndForgetsTheEndedOnes) {
  test::TempDirectory directory;
  test::PostgresCluster cluster(directory);
  ASSERT_TRUE(cluster.running());
  test::checkBanRows(*openRecordsStore("", cluster.url()));
}

TEST(PostgresRecords, ANameBelongsToTheFirstKeyThatClaimsItUntilReleased) {
  test::TempDirectory directory;
  test::PostgresCluster cluster(directory);
  ASSERT_TRUE(cluster.running());
  test::checkNameOwners(*openRecordsStore("", cluster.url()));
}

// A name that set records on the fleet's database is its key's on every server of the fleet: a
// bot under it with a key of its own is refused, with the owner's key file it plays.
TEST(PostgresRecords, ANameIsItsRecordsKeysOnTheServerSharingTheDatabase) {
  test::TempDirectory directory;
  test::PostgresCluster cluster(directory);
  ASSERT_TRUE(cluster.running());
  const std::string keyFile = (directory.path() / "mallory.key").string();
  const identity::PlayerKey key = identity::PlayerKey::generate();
  key.save(keyFile);
  openRecordsStore("", cluster.url())
      ->claimName({nameKey("mallory0"), identity::keyFingerprint(key.publicKey()), "mallory0", 1});
  const test::ScopedEnvironment env(
      {{"COYOTE_RECORDS_URL", cluster.url()}, {"COYOTE_ADMIN_TOKEN", kAdminToken}});
  test::TempDirectory a("a");
  AdminProcess server(a);
  const Json impostor = test::runBots(a, server.server.port, 1, 2.0, {"--name", "mallory"});
  EXPECT_NE(impostor["exit_code"], 0);
  EXPECT_THAT(impostor["clients"][0]["reason"].get<std::string>(),
              ::testing::HasSubstr("belongs to their player's key"));
  const Json owner =
      test::runBots(a, server.server.port, 1, 2.0, {"--name", "mallory", "--key", keyFile});
  EXPECT_EQ(owner["exit_code"], 0) << owner.dump();
  server.stop();
}

// A ban made on one server of a fleet holds on another that starts later, with no bans file of
// its own; lifted there, it is gone from the database.
TEST(PostgresRecords, ABanMadeOnOneServerHoldsOnTheNextToStart) {
  test::TempDirectory directory;
  test::PostgresCluster cluster(directory);
  ASSERT_TRUE(cluster.running());
  const test::ScopedEnvironment env(
      {{"COYOTE_RECORDS_URL", cluster.url()}, {"COYOTE_ADMIN_TOKEN", kAdminToken}});
  test::TempDirectory a("a");
  {
    AdminProcess first(a);
    const test::CommandResult ban = first.admin("ban --name Mallory0 --reason griefing");
    ASSERT_EQ(ban.exitCode, 0) << ban.output;
    first.stop();  // the records thread writes what waits before the process ends
  }
  test::TempDirectory b("b");
  AdminProcess second(b);
  const test::CommandResult bans = second.admin("--json bans");
  ASSERT_EQ(bans.exitCode, 0) << bans.output;
  const Json listed = Json::parse(bans.output)["bans"];
  ASSERT_EQ(listed.size(), 1u) << bans.output;
  EXPECT_EQ(listed[0]["value"], "Mallory0");
  const Json refused = test::runBots(b, second.server.port, 1, 2.0, {"--name", "mallory"});
  EXPECT_NE(refused["exit_code"], 0);
  EXPECT_THAT(refused["clients"][0]["reason"].get<std::string>(), ::testing::HasSubstr("griefing"));
  EXPECT_EQ(second.admin(fmt::format("unban {}", listed[0]["id"].get<int>())).exitCode, 0);
  second.stop();
  EXPECT_TRUE(openRecordsStore("", cluster.url())->liveBans(0, 10).empty());
}

TEST(PostgresRecords, TwoServersSharingOneDatabaseSeeEachOthersRecords) {
  test::TempDirectory directory;
  test::PostgresCluster cluster(directory);
  ASSERT_TRUE(cluster.running());
  const std::string level = test::raceLevel(directory);
  const std::string script = test::holdRightScript(directory, 2);
  const test::ScopedEnvironment env(
      {{"COYOTE_RECORDS_URL", cluster.url()}, {"COYOTE_RECORDS_PAGE", "true"}});
  test::TempDirectory a("a");
  test::TempDirectory b("b");
  test::ServerProcess first(a, (a.path() / "a.rpl").string(),
                            raceServer(level, (a.path() / "http").string()));
  test::ServerProcess second(b, (b.path() / "b.rpl").string(),
                             raceServer(level, (b.path() / "http").string()));
  const Json alpha = test::runBots(a, first.port, 2, 7.0, {"--inputs", script, "--name", "alpha"});
  const Json beta = test::runBots(b, second.port, 2, 7.0, {"--inputs", script, "--name", "beta"});
  EXPECT_EQ(alpha["exit_code"], 0);
  EXPECT_EQ(beta["exit_code"], 0);
  for (test::ServerProcess* server : {&first, &second}) {
    const int http = test::waitForPort((server->directory.path() / "http").string());
    Json page;
    for (int attempt = 0; attempt < 100; ++attempt) {
      page = test::getJson(http, "/records.json");
      if (page.contains("boards") && page["boards"].size() == 1 &&
          page["boards"][0]["players"] == 4) {
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_EQ(page["boards"].size(), 1u) << page.dump();
    std::set<std::string> players;
    for (const Json& row : page["boards"][0]["top"]) {
      players.insert(row["player"].get<std::string>());
    }
    EXPECT_EQ(players, (std::set<std::string>{"alpha0", "alpha1", "beta0", "beta1"}))
        << page.dump();
  }
}

TEST(PostgresRecords, ADatabaseStoppedMidMatchLosesNoRecord) {
  test::TempDirectory directory;
  test::PostgresCluster cluster(directory);
  ASSERT_TRUE(cluster.running());
  openRecordsStore("", cluster.url());  // the schema, before the outage
  const std::string level = test::raceLevel(directory);
  const test::ScopedEnvironment env({{"COYOTE_RECORDS_URL", cluster.url()}});
  const std::string httpFile = (directory.path() / "http").string();
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string(),
                             raceServer(level, httpFile));
  const int http = test::waitForPort(httpFile);
  cluster.stop();
  const Json bots = test::runBots(directory, server.port, 3, 7.0,
                                  {"--inputs", test::holdRightScript(directory, 3)});
  EXPECT_EQ(bots["exit_code"], 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));  // a fresh metrics page
  const Json during = test::scrape(http);
  EXPECT_EQ(test::valueOf(during, "coyote_records_waiting", "coyote_records_waiting"), 3.0);
  EXPECT_GT(test::valueOf(during, "coyote_records_failures", "coyote_records_failures_total"), 0.0);
  EXPECT_EQ(test::valueOf(during, "coyote_runs_finished", "coyote_runs_finished_total"), 3.0);
  const auto p99 = test::samplesOf(during, "coyote_tick_duration_seconds", {{"quantile", "0.99"}});
  ASSERT_EQ(p99.size(), 1u);
  std::cout << fmt::format("[ figure ] tick p99 with the database down: {:.3f} ms\n",
                           p99[0]["value"].get<double>() * 1000.0);
  EXPECT_LT(p99[0]["value"].get<double>(), 0.008) << "a tick never waits on the database";
  cluster.start();
  double written = 0.0;
  for (int attempt = 0; attempt < 100 && written < 3.0; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    written =
        test::valueOf(test::scrape(http), "coyote_records_written", "coyote_records_written_total");
  }
  EXPECT_EQ(written, 3.0);
  const auto store = openRecordsStore("", cluster.url());
  EXPECT_EQ(store->top(store->courses(0, 1).at(0).course, 0, 10).size(), 3u);
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0);
  EXPECT_NE(server.process.output().find("finished runs wait and are retried"), std::string::npos)
      << server.process.output();
  EXPECT_NE(server.process.output().find("the database is back"), std::string::npos);
}

}  // namespace
}  // namespace coyote
