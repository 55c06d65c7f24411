#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "scenario/ascii_level.h"
#include "sim/bodies/platform_step.h"
#include "sim/world_step.h"

namespace coyote::test {

/// 40 × 8, floor at row 7 (its top at y = 7), walls at columns 0 and 39, spawn at (2.5, 7).
inline constexpr const char* kHall =
    "########################################\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#.S....................................#\n"
    "########################################\n";

/// A hall like kHall, `height` rows high, whose lowest open row (where the spawn stands) is `row`
/// (as wide as the hall: walls at both ends); the rows above it are open.
inline std::string hallWith(std::string_view row, int height = 8) {
  const std::string wall = std::string(row.size(), '#') + "\n";
  const std::string open = "#" + std::string(row.size() - 2, '.') + "#\n";
  std::string level = wall;
  for (int y = 1; y < height - 2; ++y) {
    level += open;
  }
  return level + std::string(row) + "\n" + wall;
}

/// One level, one config and a world with one player at the level's first `S`, stepped tick by
/// tick with explicit inputs. State is a value, so a test can copy it to try alternatives.
struct Scenario {
  Level level;
  PhysicsConfig config;
  StepParameters parameters;
  WorldState state;

  explicit Scenario(std::string_view picture, PhysicsConfig physics = {})
      : level(levelFromAscii(picture)),
        config(physics),
        parameters(physics),
        state(makeWorld(1, level, physics)) {}

  /// Adds a platform or a crate to the level and puts every body back at its start.
  void add(const PlatformDefinition& platform) {
    level.platforms.push_back(platform);
    placeBodies(state, level);
  }
  void add(const CrateDefinition& crate) {
    level.crates.push_back(crate);
    placeBodies(state, level);
  }
  void add(const JointDefinition& joint) {
    level.joints.push_back(joint);
    placeBodies(state, level);
  }
  Platform& platform(std::size_t index = 0) { return state.platforms[index]; }
  Crate& crate(std::size_t index = 0) { return state.crates[index]; }

  Character& player() { return state.characters[0]; }
  Aabb box() { return characterBox(player(), config); }

  void step(PlayerInput input = {}) {
    TickInputs inputs{};
    inputs[0] = input;
    stepWorld(state, inputs, level, parameters);
  }
  void step(PlayerInput input, int ticks) {
    for (int i = 0; i < ticks; ++i) {
      step(input);
    }
  }
  /// Steps like `step` and returns every event of those steps, in order.
  std::vector<StepEvent> stepCollecting(PlayerInput input = {}, int ticks = 1) {
    std::vector<StepEvent> all;
    for (int i = 0; i < ticks; ++i) {
      TickInputs inputs{};
      inputs[0] = input;
      EventBatch batch;
      stepWorld(state, inputs, level, parameters, nullptr, &batch);
      all.insert(all.end(), batch.events().begin(), batch.events().end());
    }
    return all;
  }
  /// Steps with no input until the player is grounded (at most `limit` ticks); true if it landed.
  bool settle(int limit = 600) {
    for (int i = 0; i < limit; ++i) {
      step();
      if (player().grounded) {
        return true;
      }
    }
    return false;
  }
};

inline PlayerInput input(int moveX, int moveY = 0, std::uint8_t buttons = 0) {
  return PlayerInput{static_cast<std::int8_t>(moveX), static_cast<std::int8_t>(moveY), buttons};
}
inline constexpr int kRight = 127;
inline constexpr int kLeft = -127;
inline constexpr int kDown = 127;
inline constexpr int kUp = -127;

}  // namespace coyote::test
