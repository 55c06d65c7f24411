// A spectator of a race gets its board, the top 10, as the players do (docs/playing.md#races):
// its scoreboard is not empty.

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"
#include "support/network.h"
#include "support/race_level.h"

namespace coyote {
namespace {

TEST(SpectatorBoard, ASpectatorOfARaceGetsItsTopTen) {
  test::TempDirectory directory;
  ServerConfig config = test::testServerConfig();
  config.recordsPath = (directory.path() / "records.db").string();
  const std::string root = std::string(COYOTE_SOURCE_DIR) + "/configs/";
  const Level level =
      loadTiledLevel(test::raceLevel(directory), loadMaterials(root + "materials.toml"));
  test::LoopbackMatch match(config, level);
  ClientSession runner(test::clientOptions(match.port(), "runner"), test::quietLogger());
  const auto holdRight = [](int, std::uint32_t) {
    PlayerInput input;
    input.moveX = quantizeAxis(1.0f);
    return input;
  };
  // The runner finishes, and its time reaches the database (the records' own thread: real time).
  ASSERT_TRUE(match.pumpUntil(
      {&runner},
      [&] {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        return runner.raceBoard() && !runner.raceBoard()->top.empty();
      },
      30.0, holdRight));
  ClientOptions watching = test::clientOptions(match.port(), "watcher");
  watching.spectator = true;
  ClientSession spectator(watching, test::quietLogger());
  ASSERT_TRUE(match.pumpUntil(
      {&runner, &spectator},
      [&] {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        return spectator.raceBoard().has_value();
      },
      10.0));
  ASSERT_EQ(spectator.raceBoard()->top.size(), 1u);
  EXPECT_EQ(spectator.raceBoard()->top[0].player, "runner");
  EXPECT_EQ(spectator.raceBoard()->bestUs, 0) << "a spectator has no best of its own";
}

}  // namespace
}  // namespace coyote
