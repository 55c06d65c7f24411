#include "replay/replay_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "match/authoritative_tick.h"
#include "scenario/random_inputs.h"
#include "sim/state_hash.h"
#include "support/network.h"
#include "support/run_command.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

// A session recorded by a real server with two real clients playing random inputs.
Replay recordSession(const std::string& file) {
  ServerConfig config = test::testServerConfig();
  config.record = file;
  {
    test::LoopbackMatch match(config);
    ClientSession a(test::clientOptions(match.port(), "a"), test::quietLogger());
    ClientSession b(test::clientOptions(match.port(), "b"), test::quietLogger());
    std::vector<RandomInputs> sources{RandomInputs(1), RandomInputs(2)};
    TickInputs buffer{};
    match.pumpFor({&a, &b}, 3.0, [&](std::size_t client, std::uint32_t) {
      sources[client].next(buffer, 1);
      return buffer[0];
    });
    match.stop();
  }
  return readReplay(file);
}

TEST(ReplayVerify, ARecordedSessionVerifies) {
  test::TempDirectory directory;
  const std::string file = (directory.path() / "session.rpl").string();
  const Replay replay = recordSession(file);
  EXPECT_GT(replay.ticks.size(), 120u);
  const ReplayVerification result = verifyReplay(replay);
  EXPECT_TRUE(result.ok);
  EXPECT_EQ(result.ticksVerified, replay.ticks.size());

  const test::CommandResult command =
      test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify " + file);
  EXPECT_EQ(command.exitCode, 0) << command.output;
  EXPECT_THAT(command.output, HasSubstr(fmt::format("OK: {} ticks verified", replay.ticks.size())));
}

TEST(ReplayVerify, AReplayWithOneAlteredInputFailsAtThatTick) {
  test::TempDirectory directory;
  Replay replay = recordSession((directory.path() / "session.rpl").string());
  // Alter a held input in the middle of the session into a jump-and-dash to the left.
  std::size_t index = replay.ticks.size() / 2;
  while (index < replay.ticks.size() && replay.ticks[index].inputs.empty()) {
    ++index;
  }
  ASSERT_LT(index, replay.ticks.size());
  PlayerInput& input = replay.ticks[index].inputs[0].input;
  input = PlayerInput{static_cast<std::int8_t>(input.moveX == -127 ? 127 : -127), 0,
                      kButtonJump | kButtonDash};
  const std::string altered = (directory.path() / "altered.rpl").string();
  writeReplay(altered, replay);

  const ReplayVerification result = verifyReplay(readReplay(altered));
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.firstBadTick, replay.ticks[index].tick);

  const test::CommandResult command =
      test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify " + altered);
  EXPECT_EQ(command.exitCode, 1);
  EXPECT_THAT(command.output, HasSubstr(fmt::format("FAIL: tick {}", replay.ticks[index].tick)));
}

TEST(ReplayVerify, NotAReplayIsRefusedWithExitCode2) {
  test::TempDirectory directory;
  const std::string file = directory.write("junk.rpl", "this is not a replay");
  const test::CommandResult command =
      test::runCommand(std::string(COYOTE_SIM_BINARY) + " verify " + file);
  EXPECT_EQ(command.exitCode, 2);
  EXPECT_THAT(command.output, HasSubstr("not a Coyote replay"));
}

}  // namespace
}  // namespace coyote
