#include "sim/bodies/crate_activity.h"

#include <algorithm>
#include <array>
#include <limits>
#include <span>

#include "sim/collision/obstacle_set.h"
#include "sim/state/scalar.h"

namespace coyote {
namespace {

constexpr float kNoCharacter = std::numeric_limits<float>::max();

bool isResting(const Crate& crate, std::uint8_t ticks) {
  return crate.asleep && crate.restTicks >= ticks;
}

void setAsleep(Crate& crate, bool asleep, SleepReason reason, EventBatch* events) {
  if (crate.asleep == asleep) {
    return;
  }
  crate.asleep = asleep;
  if (events != nullptr) {
    events->emit(crate.id, asleep ? EventKind::BodySlept : EventKind::BodyWoke,
                 static_cast<float>(reason));
  }
}

/// Whether what a sleeper rests on moves or is gone: a tile never does, a sleeping crate or a
/// platform standing still does not; an awake crate, a moving platform or a character may.
bool supportMoves(const WorldState& state, const Crate& crate, const Level& level) {
  const BodyId support = crate.support;
  if (support == kNoBody) {
    return false;
  }
  if (const PlatformDefinition* definition = platformDefinition(level, support)) {
    const Platform& platform =
        state.platforms[static_cast<std::size_t>(definition - level.platforms.data())];
    return platform.velocity.x != 0.0f || platform.velocity.y != 0.0f;
  }
  if (crateDefinition(level, support) != nullptr) {
    const Crate* below = findCrate(state, level, support);
    return below == nullptr || !below->asleep;
  }
  return true;
}

/// The squared distance from the centre of `box` to the nearest character's centre.
float nearestCharacter(const Aabb& box, const WorldState& state, const ActiveCharacters& active,
                       const PhysicsConfig& config) {
  float nearest = kNoCharacter;
  for (const std::uint8_t slot : active) {
    const Vec2 position = state.characters[slot].position;
    const float dx = position.x + 0.5f * config.playerWidth - box.centerX();
    const float dy = position.y + 0.5f * config.playerHeight - (box.top() + 0.5f * box.size.y);
    const float squared = dx * dx + dy * dy;
    nearest = squared < nearest ? squared : nearest;
  }
  return nearest;
}

/// No default values: a step fills only the candidates there are, and filling all kMaxCrates of
/// them first cost a world without crates a fifth of its step.
struct Candidate {
  float distance;  ///< squared, to the nearest character
  BodyId id;
  std::uint16_t slot;
  bool inRange;
};

/// The crates that are not resting, every one in range for now. A crate that is not resting is
/// never settled, so the stirring crates are all there is to look at.
std::size_t gatherCandidates(const WorldState& state, const Level& level,
                             const PhysicsConfig& config, const CrateBits& stirring,
                             std::array<Candidate, kMaxCrates>& candidates) {
  const std::uint8_t ticks = restingTicks(config);
  const auto crates = levelCrates(state, level);
  std::size_t count = 0;
  stirring.forEach([&](std::size_t slot) {
    const Crate& crate = crates[slot];
    if (crate.present() && crateDefinition(level, crate.id) != nullptr &&
        !isResting(crate, ticks)) {
      candidates[count++] = {0.0f, crate.id, static_cast<std::uint16_t>(slot), true};
    }
  });
  return count;
}

/// Each candidate's distance to the nearest character and whether it is within `radius` (0 = no
/// limit). Only a radius or a budget the candidates exceed reads them: a yard of 2,000 crates
/// with 100 awake measures nothing.
void measureCandidates(const WorldState& state, const ActiveCharacters& active, const Level& level,
                       const PhysicsConfig& config, float radius, std::span<Candidate> candidates) {
  for (Candidate& candidate : candidates) {
    const Crate& crate = state.crates[candidate.slot];
    candidate.distance =
        nearestCharacter(crateBox(crate, *crateDefinition(level, crate.id)), state, active, config);
    candidate.inRange = radius == 0.0f || candidate.distance <= radius * radius;
  }
}

}  // namespace

ActivityLimits activityLimits(const WorldState& state, const PhysicsConfig& config) {
  ActivityLimits limits{config.simulationRadius, static_cast<std::size_t>(config.maxActiveBodies)};
  const auto radiusCap = static_cast<float>(state.radiusLimit);
  if (state.radiusLimit > 0 && (limits.radius == 0.0f || radiusCap < limits.radius)) {
    limits.radius = radiusCap;
  }
  if (state.activeBodiesLimit > 0 && state.activeBodiesLimit < limits.activeBodies) {
    limits.activeBodies = state.activeBodiesLimit;
  }
  return limits;
}

std::uint8_t restingTicks(const PhysicsConfig& config) {
  const std::int32_t ticks = ticksFor(config.sleepTime, config.tickRate);
  return static_cast<std::uint8_t>(std::clamp(ticks, 1, 255));
}

void wakeCrate(WorldState& state, Crate& crate, EventBatch* events) {
  state.settledCrates.wake(static_cast<std::size_t>(&crate - state.crates.data()));
  crate.restTicks = 0;
  setAsleep(crate, false, SleepReason::Rest, events);
}

void noteRest(Crate& crate, const PhysicsConfig& config, EventBatch* events) {
  const float limit = config.sleepSpeed;
  if (!(absOf(crate.velocity.x) < limit && absOf(crate.velocity.y) < limit)) {
    crate.restTicks = 0;
    return;
  }
  const std::uint8_t ticks = restingTicks(config);
  crate.restTicks =
      crate.restTicks < ticks ? static_cast<std::uint8_t>(crate.restTicks + 1) : ticks;
  if (crate.restTicks == ticks) {
    crate.velocity = {};
    setAsleep(crate, true, SleepReason::Rest, events);
  }
}

void updateCrateActivity(WorldState& state, const ActiveCharacters& active, const Level& level,
                         const PhysicsConfig& config, const CrateBits& stirring,
                         EventBatch* events) {
  if (level.crates.empty()) {
    return;
  }
  const auto crates = levelCrates(state, level);
  const std::uint8_t ticks = restingTicks(config);
  // A settled crate rests on the tiles: only a stirring one can have a support that moves.
  stirring.forEach([&](std::size_t slot) {
    Crate& crate = crates[slot];
    if (crate.present() && isResting(crate, ticks) && supportMoves(state, crate, level)) {
      wakeCrate(state, crate, events);
    }
  });
  std::array<Candidate, kMaxCrates> candidates;
  const std::size_t count = gatherCandidates(state, level, config, stirring, candidates);
  const ActivityLimits limits = activityLimits(state, config);
  const std::size_t budget = limits.activeBodies;
  if (limits.radius > 0.0f || count > budget) {
    measureCandidates(state, active, level, config, limits.radius,
                      std::span(candidates.data(), count));
  }
  std::size_t inRange = 0;
  for (std::size_t i = 0; i < count; ++i) {
    inRange += candidates[i].inRange ? 1 : 0;
  }
  std::size_t overBudget = inRange > budget ? inRange - budget : 0;
  if (overBudget > 0) {
    // The farthest sleep first, the oldest (lowest id) first at equal distance.
    std::sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(count),
              [](const Candidate& a, const Candidate& b) {
                return a.distance != b.distance ? a.distance > b.distance : a.id < b.id;
              });
  }
  for (std::size_t i = 0; i < count; ++i) {
    Crate& crate = state.crates[candidates[i].slot];
    if (!candidates[i].inRange) {
      setAsleep(crate, true, SleepReason::OutOfRange, events);
    } else if (overBudget > 0) {
      --overBudget;
      setAsleep(crate, true, SleepReason::OverBudget, events);
    } else {
      setAsleep(crate, false, SleepReason::Rest, events);
    }
  }
}

}  // namespace coyote
