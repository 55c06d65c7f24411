#include "sim/state/character_roster.h"

#include <vector>

#include <gtest/gtest.h>

#include "scenario/ascii_level.h"
#include "scenario/random_inputs.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

std::vector<std::size_t> slotsOf(const CharacterRoster& roster) {
  std::vector<std::size_t> slots;
  roster.forEach([&slots](std::size_t slot) { slots.push_back(slot); });
  return slots;
}

TEST(CharacterRoster, WalksItsSlotsInOrderAcrossWords) {
  CharacterRoster roster;
  for (const std::size_t slot : {200u, 0u, 63u, 64u, 255u, 5u}) {
    roster.add(slot);
  }
  roster.remove(5);
  EXPECT_EQ(slotsOf(roster), (std::vector<std::size_t>{0, 63, 64, 200, 255}));
  EXPECT_TRUE(roster.contains(64));
  EXPECT_FALSE(roster.contains(5));
}

TEST(CharacterRoster, AWalkReachesEveryWordAddedToAndSetsCompareBySlotsAlone) {
  CharacterRoster grown;
  grown.add(200);
  grown.remove(200);
  EXPECT_TRUE(slotsOf(grown).empty());
  EXPECT_EQ(grown, CharacterRoster{});  // however far its walk still reaches
  CharacterRoster low;
  low.add(3);
  CharacterRoster high;
  high.add(130);
  low.addAll(high);  // the walk now reaches the third word
  EXPECT_EQ(slotsOf(low), (std::vector<std::size_t>{3, 130}));
  grown.add(1);
  EXPECT_EQ(slotsOf(grown), (std::vector<std::size_t>{1}));
}

// The roster is derived from the slots' `active` flags: joins, leaves and respawns (hazards,
// falls) over a long random run never make them disagree.
TEST(CharacterRoster, FollowsEveryJoinAndLeaveOfARandomRun) {
  const Level level = levelFromAscii(
      "####################\n"
      "#..S.....S.....S...#\n"
      "#....^^......----..#\n"
      "####################\n");
  const PhysicsConfig config;
  const StepParameters parameters(config);
  WorldState state = makeWorld(3, level, config);
  RandomInputs inputs(7);
  TickInputs tick{};
  std::uint32_t seed = 1;
  for (int step = 0; step < 3000; ++step) {
    seed = seed * 1103515245u + 12345u;
    const int slot = static_cast<int>((seed >> 8) % kMaxCharacters);
    if ((seed >> 20) % 16 == 0) {
      state.characters[static_cast<std::size_t>(slot)].active
          ? removeCharacter(state, slot)
          : addCharacter(state, slot, level, config);
    }
    inputs.next(tick, kMaxCharacters);
    stepWorld(state, tick, level, parameters);
    CharacterRoster rebuilt;
    rebuilt.rebuild(state.characters);
    ASSERT_EQ(rebuilt, state.roster) << "step " << step;
  }
  EXPECT_GT(slotsOf(state.roster).size(), 3u);
}

}  // namespace
}  // namespace coyote
