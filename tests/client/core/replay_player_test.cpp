#include "client/core/replay_player.h"

#include <gtest/gtest.h>

#include "match/authoritative_tick.h"
#include "scenario/ascii_level.h"
#include "scenario/random_inputs.h"
#include "sim/state_hash.h"

namespace coyote {
namespace {

// Two players for 600 ticks, recorded the way the server records.
Replay recordedRun() {
  const Level level = levelFromAscii(
      "##########\n"
      "#S......S#\n"
      "#..--..../\n"
      "##########\n");
  Replay replay;
  replay.header.level = net::toLevelData(level);
  WorldState state;
  replay.header.start.state = state;
  const StepParameters parameters(replay.header.physics);
  RandomInputs random(4);
  TickInputs inputs{};
  for (int tick = 0; tick < 600; ++tick) {
    std::vector<RosterEvent> events;
    if (tick == 0) {
      events = {{RosterEvent::kJoin, 0, "a"}, {RosterEvent::kJoin, 1, "b"}};
    }
    random.next(inputs, 2);
    applyAuthoritativeTick(state, events, inputs, level, parameters);
    replay.ticks.push_back({state.tick, events, activeInputs(state, inputs), hashState(state)});
  }
  return replay;
}

// Feeds the player `seconds` of time in 1 ms steps.
void play(ReplayPlayer& player, double& now, double seconds) {
  for (double end = now + seconds; now < end; now += 0.001) {
    player.update(now);
  }
}

TEST(ReplayPlayer, PlaysAtSixtyTicksPerSecondAndChecksEveryHash) {
  ReplayPlayer player(recordedRun());
  double now = 100.0;
  play(player, now, 1.0);
  EXPECT_NEAR(static_cast<double>(player.ticksPlayed()), 60.0, 2.0);
  play(player, now, 10.0);
  EXPECT_TRUE(player.finished());
  EXPECT_EQ(player.ticksPlayed(), 600u);
  EXPECT_EQ(player.hashMismatches(), 0u);
  EXPECT_EQ(player.nameOf(1), "b");
}

TEST(ReplayPlayer, PauseHoldsAndStepAdvancesOneTick) {
  ReplayPlayer player(recordedRun());
  double now = 0.0;
  play(player, now, 0.5);
  player.togglePause();
  const std::size_t held = player.ticksPlayed();
  play(player, now, 1.0);
  EXPECT_EQ(player.ticksPlayed(), held);
  player.stepOnce();
  EXPECT_EQ(player.ticksPlayed(), held + 1);
  EXPECT_EQ(player.current().tick, player.previous().tick + 1);
  player.togglePause();
  play(player, now, 0.5);
  EXPECT_GT(player.ticksPlayed(), held + 20);
}

TEST(ReplayPlayer, SpeedGoesFromAQuarterToFourTimes) {
  ReplayPlayer player(recordedRun());
  player.faster();
  player.faster();
  player.faster();
  EXPECT_EQ(player.speed(), 4.0);
  double now = 0.0;
  play(player, now, 1.0);
  EXPECT_NEAR(static_cast<double>(player.ticksPlayed()), 240.0, 6.0);
  for (int i = 0; i < 6; ++i) {
    player.slower();
  }
  EXPECT_EQ(player.speed(), 0.25);
  const std::size_t before = player.ticksPlayed();
  play(player, now, 1.0);
  EXPECT_NEAR(static_cast<double>(player.ticksPlayed() - before), 15.0, 2.0);
}

TEST(ReplayPlayer, ATamperedReplayShowsHashMismatches) {
  Replay replay = recordedRun();
  replay.ticks[300].inputs[0].input = PlayerInput{-127, 0, kButtonDash | kButtonJump};
  ReplayPlayer player(std::move(replay));
  double now = 0.0;
  play(player, now, 12.0);
  EXPECT_GT(player.hashMismatches(), 0u);
}

}  // namespace
}  // namespace coyote
