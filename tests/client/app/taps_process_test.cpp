// Every press counts, as a player presses (docs/playing.md#controls): taps of 5 ms on the jump key
// under Xvfb, each one a jump in the server's own record of the inputs it played.
#include <csignal>
#include <map>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "replay/replay_file.h"
#include "support/coyote_processes.h"

namespace coyote {
namespace {

/// Rising edges of the jump button in each slot's inputs, as the server played them.
std::map<int, int> jumpPresses(const Replay& replay) {
  std::map<int, int> presses;
  std::map<int, bool> held;
  for (const ReplayTick& tick : replay.ticks) {
    for (const SlotInput& input : tick.inputs) {
      const bool now = input.input.held(kButtonJump);
      presses[input.slot] += now && !held[input.slot] ? 1 : 0;
      held[input.slot] = now;
    }
  }
  return presses;
}

TEST(TapsProcess, FiftyTapsOfFiveMillisecondsAreFiftyJumps) {
  test::TempDirectory directory;
  const std::string replay = (directory.path() / "taps.rpl").string();
  auto server = std::make_unique<test::ServerProcess>(directory, replay);
  // One xdotool: a key down, 5 ms, the key up, 120 ms, fifty times (a frame is 16.7 ms).
  std::string taps = "xdotool";
  for (int tap = 0; tap < 50; ++tap) {
    taps += " keydown space sleep 0.005 keyup space sleep 0.12";
  }
  const std::string line = fmt::format(
      "{} --connect 127.0.0.1:{} --name tapper --key {} --screenshot {} --after-ticks 720 & "
      "xdotool search --sync --onlyvisible --name Coyote >/dev/null; sleep 2; {}; wait $!",
      COYOTE_CLIENT_BINARY, server->port, (directory.path() / "player.key").string(),
      (directory.path() / "taps.png").string(), taps);
  test::ChildProcess client(
      {"/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", "/bin/bash", "-c", line},
      (directory.path() / "client.log").string());
  ASSERT_EQ(client.wait(60.0), 0) << client.output();
  server->process.signal(SIGTERM);
  ASSERT_EQ(server->process.wait(10.0), 0);
  const std::map<int, int> presses = jumpPresses(readReplay(replay));
  ASSERT_EQ(presses.size(), 1u) << "one player";
  std::printf("figure: %d of 50 taps of 5 ms were jumps\n", presses.begin()->second);
  EXPECT_EQ(presses.begin()->second, 50);
}

}  // namespace
}  // namespace coyote
