#include "sim/crates_in_reach.h"

#include "sim/box_cast.h"
#include "sim/character_step.h"
#include "sim/obstacle_set.h"
#include "sim/scalar.h"

namespace coyote {
namespace {

/// How far a crate moving at `velocity` can get this step: its move (moveCrate's reach, with a
/// step of gravity or buoyancy more), and the skin.
float crateReach(Vec2 velocity, const StepParameters& parameters) {
  const float dt = parameters.dt;
  const float gravity = parameters.config.gravity * parameters.config.fallGravityMultiplier;
  return (absOf(velocity.x) + absOf(velocity.y) + 2.0f * gravity * dt) * dt + 2.0f * kSkin;
}

/// How far a character's step can reach: the tile of margin its sweep looks beyond its motion,
/// its speed, what a jump or a dash adds, and a ride on a crate before it moves.
float characterReach(Vec2 velocity, const StepParameters& parameters) {
  const PhysicsConfig& config = parameters.config;
  const float dt = parameters.dt;
  const float added = config.dashSpeed + config.jumpSpeed + config.gravity * dt;
  const float ride = 0.5f;
  return 1.0f + ride + (absOf(velocity.x) + absOf(velocity.y) + added) * dt + 2.0f * kSkin;
}

}  // namespace

void gatherCratesInReach(const WorldState& state, const ActiveCharacters& active,
                         const Level& level, const StepParameters& parameters,
                         CratesInReach& inReach) {
  for (const std::uint8_t slot : active) {
    const Character& character = state.characters[slot];
    inReach.zone.add(sweptArea(characterBox(character, parameters.config), {},
                               characterReach(character.velocity, parameters)));
  }
  const auto crates = levelCrates(state, level);
  for (const Crate& crate : crates) {
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (crate.present() && !crate.asleep && definition != nullptr) {
      inReach.zone.add(
          sweptArea(crateBox(crate, *definition), {}, crateReach(crate.velocity, parameters)));
    }
  }
  inReach.count = 0;
  for (std::size_t slot = 0; slot < crates.size(); ++slot) {
    const Crate& crate = crates[slot];
    const CrateDefinition* definition = crateDefinition(level, crate.id);
    if (definition == nullptr) {
      continue;
    }
    // Every crate is looked at here, most of them sleepers: one cell test, no branch on its answer.
    const bool inZone = inReach.zone.touches(crateBox(crate, *definition));
    const bool taken = crate.present() & (!crate.asleep | inZone);
    inReach.slots[inReach.count] = static_cast<std::uint16_t>(slot);
    inReach.count += taken ? 1 : 0;
  }
  for (std::size_t i = 0; i < inReach.count; ++i) {
    inReach.bits.add(inReach.slots[i]);
  }
}

}  // namespace coyote
