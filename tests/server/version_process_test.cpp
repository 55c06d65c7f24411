// docs/hosting.md#upgrading with the real programs: each says its version on one line; the
// server logs it first, answers it in its info reply, and does not start on a records database
// a newer server wrote, which it leaves byte for byte as it was.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "client/core/server_query.h"
#include "server/records/records_store.h"
#include "support/coyote_processes.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"
#include "version/build_version.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;

std::string fileBytes(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), {}};
}

TEST(VersionProcess, EveryProgramSaysItsNameAndTheBuildsVersionOnOneLine) {
  const std::string version(buildVersion());
  EXPECT_THAT(version, MatchesRegex("[0-9]+\\.[0-9]+\\.[0-9]+(\\+git\\.[0-9]+\\.[0-9a-f]{7}"
                                    "(\\.dirty)?)?"));
  const std::pair<const char*, const char*> programs[] = {
      {"coyote-server", COYOTE_SERVER_BINARY}, {"coyote-client", COYOTE_CLIENT_BINARY},
      {"coyote-master", COYOTE_MASTER_BINARY}, {"coyote-admin", COYOTE_ADMIN_BINARY},
      {"coyote-bot", COYOTE_BOT_BINARY},       {"coyote-sim", COYOTE_SIM_BINARY},
      {"coyote-netsim", COYOTE_NETSIM_BINARY}};
  for (const auto& [name, binary] : programs) {
    const test::CommandResult result = test::runCommand(std::string(binary) + " --version 2>&1");
    EXPECT_EQ(result.exitCode, 0) << name << ": " << result.output;
    EXPECT_EQ(result.output, fmt::format("{} {}\n", name, version));
    std::printf("figure: %s", result.output.c_str());
  }
}

TEST(VersionProcess, TheServerLogsItsVersionFirstAndAnswersItToBrowsers) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string());
  ServerQuery query({{"127.0.0.1", static_cast<std::uint16_t>(server.port)}}, {});
  for (int turn = 0; turn < 100 && query.servers().empty(); ++turn) {
    query.update(turn * 0.05);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_FALSE(query.servers().empty()) << "no answer to the info query";
  EXPECT_EQ(query.servers().front().info.version, buildVersion());
  const std::string log = server.process.output();
  const std::size_t firstLine = log.find('\n');
  EXPECT_THAT(log.substr(0, firstLine),
              HasSubstr(fmt::format("coyote-server {} starting", buildVersion())))
      << log;
}

// A database whose schema_version is beyond this server's: it would read none of its bans (and
// used to read bans.json instead). It exits 1 naming both versions and the ways back.
TEST(VersionProcess, ADatabaseOfANewerSchemaStopsTheServerAndIsLeftAsItWas) {
  test::TempDirectory directory;
  const std::filesystem::path database = directory.path() / "records.sqlite";
  {
    SQLite::Database db(database.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("PRAGMA journal_mode = WAL");  // as a server leaves it
    db.exec("CREATE TABLE schema_version (version INTEGER NOT NULL)");
    db.exec(
        fmt::format("INSERT INTO schema_version VALUES ({})", RecordsStore::kSchemaVersion + 1));
    db.exec("CREATE TABLE written_by (version TEXT NOT NULL)");
    db.exec("INSERT INTO written_by VALUES ('9.9.9+git.1.abcdef0')");
    db.exec("CREATE TABLE bans (id INTEGER PRIMARY KEY, value TEXT)");
    db.exec("INSERT INTO bans (value) VALUES ('a ban this server cannot read')");
  }
  const std::string before = fileBytes(database);
  directory.write("bans.json", R"({"bans": []})");
  const test::ScopedEnvironment records{
      {"COYOTE_RECORDS_PATH", database.string()},
      {"COYOTE_ADMIN_BANS_FILE", (directory.path() / "bans.json").string()}};
  test::ChildProcess server(
      {COYOTE_SERVER_BINARY, "--config", std::string(COYOTE_SOURCE_DIR) + "/configs/server.toml",
       "--level", std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj", "--port", "0"},
      (directory.path() / "server.log").string());
  EXPECT_EQ(server.wait(15.0), 1) << server.output();
  const std::string said = server.output();
  std::printf("figure: %s", said.substr(said.find("coyote-server: error:")).c_str());
  EXPECT_THAT(said, HasSubstr(fmt::format("has schema version {}, newer than this "
                                          "coyote-server's ({}, version {})",
                                          RecordsStore::kSchemaVersion + 1,
                                          RecordsStore::kSchemaVersion, buildVersion())));
  EXPECT_THAT(said, HasSubstr("a newer coyote-server (9.9.9+git.1.abcdef0) wrote it"));
  EXPECT_THAT(said, HasSubstr("records.path = \"\""));
  EXPECT_THAT(said, ::testing::Not(HasSubstr("instead"))) << "bans.json is not read instead";
  EXPECT_EQ(fileBytes(database), before) << "not a byte of the database changed";
  EXPECT_FALSE(std::filesystem::exists(database.string() + "-wal"));
  EXPECT_FALSE(std::filesystem::exists(database.string() + "-shm"));
}

}  // namespace
}  // namespace coyote
