#include "brains/racer_brain.h"

#include <cmath>

#include "brains/hazard_ahead.h"
#include "sim/character/character_step.h"
#include "sim/collision/world_queries.h"

namespace coyote {
namespace {

constexpr int kRacerFullJumpTicks = 14;  ///< held this long, a jump goes its full height
constexpr int kRacerStuckTicks = 90;     ///< this long without getting closer: try a detour
constexpr int kDetourTicks = 40;
constexpr float kRacerGroundProbe = 3.0f;  ///< tiles a ray looks down for ground ahead
constexpr float kClimb = 2.0f;             ///< a target this much higher, close by: climb to it

Vec2 centreOf(const Aabb& region) {
  return {region.position.x + region.size.x * 0.5f, region.position.y + region.size.y * 0.5f};
}

bool inWater(const Aabb& box, const Level& level) {
  const Vec2 centre = centreOf(box);
  return level.tileAt(static_cast<int>(std::floor(centre.x)),
                      static_cast<int>(std::floor(centre.y))) == TileType::Water;
}

}  // namespace

Vec2 RacerBrain::target(const Character& character, const Level& level) {
  const int next = character.runTicks < 0 ? 1 : character.raceCheckpoint + 1;
  for (const CheckpointDefinition& checkpoint : level.checkpoints) {
    if (checkpoint.order == next) {
      return centreOf(Aabb{checkpoint.position, checkpoint.size});
    }
  }
  return centreOf(level.race.finish);
}

RacerBrain::Outlook RacerBrain::lookAhead(const WorldState& state, const Level& level,
                                          const PhysicsConfig& config, int slot,
                                          int direction) const {
  const Aabb box = characterBox(state.characters[static_cast<std::size_t>(slot)], config);
  const WorldQueries queries(state, level, config);
  QueryFilter filter;
  filter.groups = kAllGroups & ~kGroupPlayer;
  filter.exclude = static_cast<BodyId>(kCharacterIdBase + slot);
  const float dir = static_cast<float>(direction);
  Outlook outlook;
  outlook.wall = queries.boxCast(box, {dir * 0.5f, 0.0f}, filter).normalX != 0;
  const float front = direction > 0 ? box.right() + 0.3f : box.left() - 0.3f;
  outlook.gap =
      !queries.rayCast({front, box.bottom() - 0.05f}, {0.0f, kRacerGroundProbe}, filter).hit;
  outlook.hazard = hazardAhead(box, direction, level, 3);
  return outlook;
}

std::uint8_t RacerBrain::jumpButton(bool wanted, bool canJump) {
  if (canJump && wanted && jumpHeldTicks_ == 0) {
    jumpHeldTicks_ = kRacerFullJumpTicks;
  }
  if (jumpHeldTicks_ == 0) {
    return 0;
  }
  --jumpHeldTicks_;
  return jumpHeldTicks_ > 0 ? kButtonJump : 0;
}

PlayerInput RacerBrain::next(const WorldState& state, const Level& level,
                             const PhysicsConfig& config, int slot) {
  if (slot < 0 || slot >= kMaxCharacters || !level.race.present ||
      !state.characters[static_cast<std::size_t>(slot)].active) {
    return {};
  }
  const Character& character = state.characters[static_cast<std::size_t>(slot)];
  const Aabb box = characterBox(character, config);
  const Vec2 goal = target(character, level);
  const Vec2 centre = centreOf(box);
  const float dx = goal.x - centre.x;
  const float dy = goal.y - centre.y;  // negative: the goal is above
  // Progress: the distance to the goal; stuck for long, go the other way a while.
  const float distance = std::hypot(dx, dy);
  if (distance < bestDistance_ - 0.25f) {
    bestDistance_ = distance;
    stuckTicks_ = 0;
  } else if (++stuckTicks_ > kRacerStuckTicks) {
    detourTicks_ = kDetourTicks;
    stuckTicks_ = 0;
    bestDistance_ = distance;
  }
  if (distance < 1.0f) {
    bestDistance_ = 1e9f;  // reached: the next goal starts afresh
  }
  const bool climbing = dy < -kClimb && std::fabs(dx) < 2.5f;
  int direction = dx > 0.2f ? 1 : dx < -0.2f ? -1 : 0;
  if (climbing) {
    // In a shaft: push toward a wall, jump off it, then make for the other.
    if (character.wallDirection != 0 && !character.grounded) {
      climbDirection_ = -character.wallDirection;
    }
    direction = climbDirection_;
  }
  if (detourTicks_ > 0) {
    --detourTicks_;
    direction = direction == 0 ? 1 : -direction;
  }
  const Outlook outlook = lookAhead(state, level, config, slot, direction == 0 ? 1 : direction);
  const bool swimming = inWater(box, level);
  const bool canJump = character.grounded || swimming ||
                       (character.wallDirection != 0 && !character.grounded) ||
                       (character.airJumpsLeft > 0 && character.velocity.y > 0.0f);
  const bool wantJump = (direction != 0 && (outlook.wall || outlook.gap || outlook.hazard)) ||
                        (dy < -1.5f && std::fabs(dx) < 4.0f) || swimming ||
                        (climbing && character.wallDirection != 0) ||
                        detourTicks_ == kDetourTicks - 1;
  std::uint8_t buttons = jumpButton(wantJump, canJump);
  // Falling into a gap or toward spikes with a dash left: dash across toward the goal.
  if (!character.grounded && !swimming && character.velocity.y > 0.0f &&
      (outlook.gap || outlook.hazard) && character.dashAvailable && direction != 0) {
    buttons |= kButtonDash;
  }
  return PlayerInput{static_cast<std::int8_t>(direction * kAxisMax), 0, buttons};
}

}  // namespace coyote
