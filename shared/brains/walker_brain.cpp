#include "brains/walker_brain.h"

#include <cmath>

#include "brains/hazard_ahead.h"
#include "scenario/splitmix64.h"
#include "sim/character/character_step.h"
#include "sim/collision/world_queries.h"

namespace coyote {
namespace {

constexpr int kFullJumpTicks = 14;    ///< held this long, a jump goes its full height
constexpr int kStuckTicks = 40;       ///< this long without moving along: turn round
constexpr float kGroundProbe = 3.0f;  ///< tiles a ray looks down for ground ahead

PlayerInput move(int direction, std::uint8_t buttons) {
  return PlayerInput{static_cast<std::int8_t>(direction * kAxisMax), 0, buttons};
}

}  // namespace

WalkerBrain::WalkerBrain(std::uint64_t seed) : random_(seed) {
  direction_ = below(2) == 0 ? 1 : -1;
  ticksToTurn_ = static_cast<int>(180 + below(420));
}

std::uint32_t WalkerBrain::below(std::uint32_t bound) {
  return static_cast<std::uint32_t>(splitmix64(random_) % bound);
}

void WalkerBrain::turnRound() {
  direction_ = -direction_;
  stuckTicks_ = 0;
  ticksToTurn_ = static_cast<int>(180 + below(420));
}

WalkerBrain::Outlook WalkerBrain::lookAhead(const WorldState& state, const Level& level,
                                            const PhysicsConfig& config, int slot) const {
  const Character& character = state.characters[static_cast<std::size_t>(slot)];
  const Aabb box = characterBox(character, config);
  const WorldQueries queries(state, level, config);
  QueryFilter filter;
  filter.groups = kAllGroups & ~kGroupPlayer;  // other players are passed through
  filter.exclude = static_cast<BodyId>(kCharacterIdBase + slot);
  const float dir = static_cast<float>(direction_);
  Outlook outlook;
  outlook.wall = queries.boxCast(box, {dir * 0.5f, 0.0f}, filter).normalX != 0;
  const Aabb raised{{box.position.x, box.position.y - 2.0f}, box.size};
  outlook.highWall = outlook.wall && !queries.overlapsTiles(raised, filter) &&
                     queries.boxCast(raised, {dir * 0.5f, 0.0f}, filter).normalX != 0;
  const float front = direction_ > 0 ? box.right() + 0.3f : box.left() - 0.3f;
  outlook.gap = !queries.rayCast({front, box.bottom() - 0.05f}, {0.0f, kGroundProbe}, filter).hit;
  outlook.hazard = hazardAhead(box, direction_, level, 4);
  return outlook;
}

PlayerInput WalkerBrain::next(const WorldState& state, const Level& level,
                              const PhysicsConfig& config, int slot) {
  if (slot < 0 || slot >= kMaxCharacters ||
      !state.characters[static_cast<std::size_t>(slot)].active) {
    return {};
  }
  const Character& character = state.characters[static_cast<std::size_t>(slot)];
  // Ride a platform it has just landed on for a while, as a player waiting for it would.
  if (isPlatformId(character.support) && character.support != lastSupport_) {
    rideTicks_ = static_cast<int>(40 + below(120));
  }
  lastSupport_ = character.support;
  if (rideTicks_ > 0 && isPlatformId(character.support)) {
    --rideTicks_;
    return {};
  }
  stuckTicks_ = std::fabs(character.position.x - lastX_) < 0.01f ? stuckTicks_ + 1 : 0;
  lastX_ = character.position.x;
  Outlook outlook = lookAhead(state, level, config, slot);
  if (--ticksToTurn_ <= 0 || stuckTicks_ > kStuckTicks ||
      (outlook.highWall && character.grounded)) {
    turnRound();
    outlook = lookAhead(state, level, config, slot);  // the other way now
  }
  const bool needsJump = outlook.wall || outlook.gap || outlook.hazard;
  // On the ground, or falling with an air jump left (a wall or a gap it did not clear).
  const bool canJump =
      character.grounded || (character.airJumpsLeft > 0 && character.velocity.y > 0.0f);
  if (canJump && needsJump && jumpHeldTicks_ == 0) {
    jumpHeldTicks_ = kFullJumpTicks;
  }
  std::uint8_t buttons = 0;
  if (jumpHeldTicks_ > 0) {
    // Released for one tick between jumps so that the next press is an edge.
    buttons |= jumpHeldTicks_ > 1 ? kButtonJump : 0;
    --jumpHeldTicks_;
  }
  // Falling toward spikes or into a gap with a dash left: dash across.
  if (!character.grounded && character.velocity.y > 0.0f && (outlook.gap || outlook.hazard) &&
      character.dashAvailable) {
    buttons |= kButtonDash;
  }
  return move(direction_, buttons);
}

}  // namespace coyote
