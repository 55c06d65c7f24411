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

FinishedRun run(const std::string& player, std::int64_t timeUs) {
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

TEST(RecordsService, RunsWaitForADatabaseThatIsAwayAndAreWrittenWhenItReturns) {
  test::TempDirectory directory;
  const std::filesystem::path folder = directory.path() / "not-yet";
  const std::string file = (folder / "records.sqlite").string();
  LoggedWriter logged;
  RecordsService writer([file] { return openRecordsStore(file, ""); }, 64, 0.05, logged.log);
  const auto before = Clock::now();
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(writer.submit(run(fmt::format("player{}", i), 40'000'000 + i)));
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
    accepted += writer.submit(run(fmt::format("p{}", i), i + 1)) ? 1 : 0;
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
      writer.submit(run(fmt::format("p{}", i), i + 1));
    }
  }
  EXPECT_EQ(openRecordsStore(file, "")->top("00000000000000bb", 0, 1000).size(), 200u);
}

}  // namespace
}  // namespace coyote
