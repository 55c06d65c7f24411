#include "server/rooms/player_slots.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

// Four players join; 0 and 1 stayed long and left first, 2 and 3 left within seconds later.
PlayerSlots fourReservations(const WorldState& state) {
  PlayerSlots slots;
  for (int i = 0; i < 4; ++i) {
    const int slot = slots.claim("player", 16, state);
    EXPECT_EQ(slot, i);
    slots.connect(slot);
  }
  slots.disconnect(0, 10.0, false);
  slots.disconnect(1, 20.0, false);
  slots.disconnect(2, 30.0, true);
  slots.disconnect(3, 40.0, true);
  return slots;
}

TEST(PlayerSlots, BriefStaysGiveWayBeforeRealPlayersThenTheOldestFirst) {
  const WorldState state{};
  PlayerSlots slots = fourReservations(state);
  std::vector<int> order;
  while (const auto released = slots.releaseOldestReservation()) {
    order.push_back(released->first);
  }
  EXPECT_EQ(order, (std::vector<int>{2, 3, 0, 1}));
}

TEST(PlayerSlots, AConnectedPlayerNeverGivesWay) {
  const WorldState state{};
  PlayerSlots slots;
  slots.connect(slots.claim("here", 16, state));
  EXPECT_FALSE(slots.releaseOldestReservation().has_value());
}

TEST(PlayerSlots, OnlyBriefReservationsHoldNoRoom) {
  const WorldState state{};
  PlayerSlots slots;
  slots.connect(slots.claim("brief", 16, state));
  slots.disconnect(0, 1.0, true);
  EXPECT_FALSE(slots.anyHeld());
  slots.connect(slots.claim("stayed", 16, state));
  slots.disconnect(1, 2.0, false);
  EXPECT_TRUE(slots.anyHeld());
}

}  // namespace
}  // namespace coyote
