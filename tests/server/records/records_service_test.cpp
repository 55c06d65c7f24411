// The records writer (docs/hosting.md#records): the tick loop never waits on the database, and a
// database that is away loses no run.
#include "server/records/records_service.h"

#include <chrono>
#include <filesystem>
#include <thread>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>

#include "support/temp_file.h"

namespace coyote {
namespace {

using Clock = std::chrono::steady_clock;

FinishedRun serviceRun(const std::string& player, std::int64_t timeUs) {
  return FinishedRun{"00000000000000bb", "race", "", player, timeUs, {}, 1000, "host", "r"};
}

bool waitFor(const std::function<bool()>& done, double seconds) {
  const auto until = Clock::now() + std::chrono::duration<double>(seconds);
  while (!done()) {
    if (Clock::now() > until) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

struct LoggedWriter {
  std::ostringstream lines;
  std::shared_ptr<spdlog::logger> log = std::make_shared<spdlog::logger>(
      "test", std::make_shared<spdlog::sinks::ostream_sink_mt>(lines));
};

// A name set records for one key: another key's run under it is not kept, and the owner is known
// to the tick loop at once, and to the next server from the database. Released, it is anyone's.
TEST(RecordsService, ARunUnderAnotherKeysNameIsNotKept) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "records.sqlite").string();
  const std::string ada(32, 'a');
  const std::string mallory(32, 'b');
  {
    LoggedWriter logged;
    RecordsService writer([file] { return openRecordsStore(file, ""); }, 64, 0.05, logged.log);
    FinishedRun first = serviceRun("Ada", 41'000'000);
    first.fingerprint = ada;
    first.nameKey = "ada";
    FinishedRun forged = serviceRun("ADA", 30'000'000);
    forged.fingerprint = mallory;
    forged.nameKey = "ada";
    ASSERT_TRUE(writer.submit(first));
    ASSERT_TRUE(writer.submit(forged));
    ASSERT_TRUE(waitFor([&] { return writer.counters().waiting.load() == 0; }, 5.0));
    EXPECT_EQ(writer.counters().written.load(), 2u);
    EXPECT_EQ(writer.counters().othersNames.load(), 1u);
    EXPECT_EQ(writer.nameOwner("ada"), ada);
    EXPECT_NE(logged.lines.str().find("belongs to another player key"), std::string::npos);
  }
  const auto board = openRecordsStore(file, "")->top("00000000000000bb", 0, 10);
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].player, "Ada") << "the forged 30 s run was not kept";
  LoggedWriter logged;
  RecordsService next([file] { return openRecordsStore(file, ""); }, 64, 0.05, logged.log);
  ASSERT_TRUE(waitFor([&] { return next.nameOwner("ada") == ada; }, 5.0)) << "read at start";
  next.releaseName("ada");
  EXPECT_EQ(next.nameOwner("ada"), "");
  ASSERT_TRUE(waitFor([&] { return openRecordsStore(file, "")->nameOwners(10).empty(); }, 5.0));
}

TEST(RecordsService, RunsWaitForADatabaseThatIsAwayAndAreWrittenWhenItReturns) {
  test::TempDirectory directory;
  const std::filesystem::path folder = directory.path() / "not-yet";
  const std::string file = (folder / "records.sqlite").string();
  LoggedWriter logged;
  RecordsService writer([file] { return openRecordsStore(file, ""); }, 64, 0.05, logged.log);
  const auto before = Clock::now();
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(writer.submit(serviceRun(fmt::format("player{}", i), 40'000'000 + i)));
  }
  const double submitMs = std::chrono::duration<double, std::milli>(Clock::now() - before).count();
  EXPECT_LT(submitMs, 50.0) << "submitting never waits on the database";
  ASSERT_TRUE(waitFor([&] { return writer.counters().failures.load() >= 3; }, 5.0));
  EXPECT_EQ(writer.counters().written.load(), 0u);
  EXPECT_EQ(writer.counters().waiting.load(), 20u);
  std::filesystem::create_directories(folder);  // the database comes back
  ASSERT_TRUE(waitFor([&] { return writer.counters().written.load() == 20; }, 5.0));
  EXPECT_EQ(writer.counters().waiting.load(), 0u);
  EXPECT_EQ(openRecordsStore(file, "")->top("00000000000000bb", 0, 100).size(), 20u);
  const std::string log = logged.lines.str();
  std::size_t warnings = 0;
  for (std::size_t at = log.find("finished runs wait"); at != std::string::npos;
       at = log.find("finished runs wait", at + 1)) {
    ++warnings;
  }
  EXPECT_EQ(warnings, 1u) << "said once, whatever the retries:\n" << log;
  EXPECT_NE(log.find("the database is back"), std::string::npos) << log;
}

TEST(RecordsService, AFullQueueDropsAndCountsWithoutBlocking) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "missing" / "records.sqlite").string();
  LoggedWriter logged;
  RecordsService writer([file] { return openRecordsStore(file, ""); }, 4, 10.0, logged.log);
  int accepted = 0;
  for (int i = 0; i < 10; ++i) {
    accepted += writer.submit(serviceRun(fmt::format("p{}", i), i + 1)) ? 1 : 0;
  }
  EXPECT_EQ(accepted, 4);
  EXPECT_EQ(writer.counters().dropped.load(), 6u);
}

TEST(RecordsService, AStopGivesTheQueueItsChanceToBeWritten) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "records.sqlite").string();
  {
    LoggedWriter logged;
    RecordsService writer([file] { return openRecordsStore(file, ""); }, 1000, 0.05, logged.log);
    for (int i = 0; i < 200; ++i) {
      writer.submit(serviceRun(fmt::format("p{}", i), i + 1));
    }
  }
  EXPECT_EQ(openRecordsStore(file, "")->top("00000000000000bb", 0, 1000).size(), 200u);
}

}  // namespace
}  // namespace coyote
