#pragma once

#include <cstdint>
#include <string>

#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"
#include "scenario/random_inputs.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"

namespace coyote::test {

/// The hash after `ticks` ticks of `players` seeded random players on a level file with the
/// default physics and the bundled materials: what `coyote-sim run` computes, done in-process.
inline std::uint64_t randomRunHash(const std::string& levelFile, int players, std::uint32_t ticks,
                                   std::uint64_t seed) {
  const Level level = loadTiledLevel(
      levelFile, loadMaterials(std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml"));
  const PhysicsConfig config;
  const StepParameters parameters(config);
  WorldState state = makeWorld(players, level, config);
  RandomInputs random(seed);
  TickInputs inputs{};
  for (std::uint32_t tick = 0; tick < ticks; ++tick) {
    random.next(inputs, players);
    stepWorld(state, inputs, level, parameters);
  }
  return hashState(state);
}

}  // namespace coyote::test
