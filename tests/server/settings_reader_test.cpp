// SIGHUP's reads of the settings, off the loop: one at a time, the signals that come meanwhile
// coalesced into one more, a refusal handed back as its reason.
#include "server/settings_reader.h"

#include <atomic>
#include <chrono>
#include <future>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

namespace coyote {
namespace {

/// Takes reads until one ends (5 s at most), as the loop does between its turns.
std::optional<SettingsReader::Result> awaitRead(SettingsReader& reader) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    if (auto read = reader.take()) {
      return read;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return std::nullopt;
}

TEST(SettingsReader, AStormOfSignalsIsOneReadAtATimeAndOneMoreAfter) {
  std::atomic<int> started{0};
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  SettingsReader reader([&] {
    ++started;
    released.wait();  // a slow file: every signal below comes while it is read
    ServerConfig config;
    config.serverName = "read " + std::to_string(started.load());
    return config;
  });
  for (int signal = 0; signal < 1000; ++signal) {
    reader.request();
    EXPECT_FALSE(reader.take().has_value());  // the loop goes on: nothing waits for the read
  }
  EXPECT_EQ(reader.reads(), 1);
  release.set_value();
  const auto first = awaitRead(reader);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(std::get<ServerConfig>(*first).serverName, "read 1");
  const auto second = awaitRead(reader);  // the 999 signals that came meanwhile, as one
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(std::get<ServerConfig>(*second).serverName, "read 2");
  EXPECT_FALSE(reader.take().has_value());
  EXPECT_EQ(reader.reads(), 2);
}

TEST(SettingsReader, AFileThatNoLongerReadsIsHandedBackAsItsReason) {
  SettingsReader reader([]() -> ServerConfig {
    throw std::runtime_error("server.toml: net.port: expected a whole number");
  });
  reader.request();
  const auto read = awaitRead(reader);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(std::get<std::string>(*read), "server.toml: net.port: expected a whole number");
}

}  // namespace
}  // namespace coyote
