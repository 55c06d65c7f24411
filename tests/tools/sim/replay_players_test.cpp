// Who played in a replay and what they pressed, as `coyote-sim verify` prints it.

#include "tools/sim/replay_players.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

ReplayTick tick(std::uint32_t number, std::vector<RosterEvent> events,
                std::vector<SlotInput> inputs) {
  return {number, std::move(events), std::move(inputs), 0};
}

PlayerInput jump() {
  return {0, 0, kButtonJump};
}

TEST(ReplayPlayers, CountsEachPlayersTicksInputsAndJumpsFromJoinToLeave) {
  Replay replay;
  replay.header.start.roster = {{0, "alice"}};
  const RosterEvent joseJoins{RosterEvent::kJoin, 1, "José"};
  const RosterEvent aliceLeaves{RosterEvent::kLeave, 0, ""};
  const RosterEvent bobJoins{RosterEvent::kJoin, 0, "bob"};
  replay.ticks = {
      tick(1, {}, {{0, jump()}}),
      tick(2, {joseJoins}, {{0, jump()}, {1, {127, 0, 0}}}),  // alice holds: one jump
      tick(3, {aliceLeaves}, {{1, {}}}),
      tick(4, {bobJoins}, {{0, jump()}, {1, jump()}}),
      tick(5, {}, {{0, {}}, {1, {}}, {7, jump()}}),  // slot 7 never joined: not counted
  };
  const std::vector<ReplayPlayerSummary> players = replayPlayers(replay);
  ASSERT_EQ(players.size(), 3u);
  EXPECT_EQ(players[0].name, "alice");
  EXPECT_EQ(players[0].ticks, 2u);
  EXPECT_EQ(players[0].activeTicks, 2u);
  EXPECT_EQ(players[0].jumps, 1u);
  EXPECT_EQ(players[1].name, "José");
  EXPECT_EQ(players[1].slot, 1);
  EXPECT_EQ(players[1].ticks, 4u);
  EXPECT_EQ(players[1].activeTicks, 2u);
  EXPECT_EQ(players[1].jumps, 1u);
  EXPECT_EQ(players[2].name, "bob");
  EXPECT_EQ(players[2].slot, 0);
  EXPECT_EQ(players[2].ticks, 2u);
  EXPECT_EQ(players[2].activeTicks, 1u);
  EXPECT_EQ(players[2].jumps, 1u);
}

}  // namespace
}  // namespace coyote
