// The joint stage of stepWorld with 64 joints at work (goal: ≤ 10 µs a step, docs/performance.md):
// 16 ropes swinging crates, 16 crates welded under them, 16 springs bobbing, 16 rails driven to and
// fro by reversing motors. The time is the stage's own (its StepProfile entry), not the whole
// step's.
#include <string>

#include <benchmark/benchmark.h>

#include "scenario/ascii_level.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

constexpr int kColumns = 16;  // one joint of each kind per column

/// 64 × 32, walls all round, one spawn on the floor.
std::string openHall() {
  std::string picture = std::string(64, '#') + "\n";
  for (int row = 1; row < 31; ++row) {
    std::string line = "#" + std::string(62, '.') + "#\n";
    if (row == 30) {
      line[2] = 'S';
    }
    picture += line;
  }
  return picture + std::string(64, '#') + "\n";
}

BodyId addCrate(Level& level, Vec2 centre) {
  level.crates.push_back({{centre.x - 0.5f, centre.y - 0.5f}, {1.0f, 1.0f}, 1.0f});
  return static_cast<BodyId>(kCrateIdBase + static_cast<BodyId>(level.crates.size() - 1));
}

JointDefinition joint(JointKind kind, BodyId body, BodyId to, Vec2 anchor, Vec2 offset) {
  JointDefinition definition;
  definition.kind = kind;
  definition.body = body;
  definition.to = to;
  definition.anchor = anchor;
  definition.offset = offset;
  return definition;
}

Level jointWorld() {
  Level level = levelFromAscii(openHall());
  for (int column = 0; column < kColumns; ++column) {
    const float x = 3.0f + 3.6f * static_cast<float>(column);
    // A rope from the ceiling, its crate released 2 tiles to the side: it swings.
    const BodyId swinging = addCrate(level, {x + 2.0f, 4.5f});
    JointDefinition rope = joint(JointKind::Rope, swinging, kNoBody, {x, 1.0f}, {});
    rope.length = 4.0f;
    level.joints.push_back(rope);
    // A crate welded under the swinging one.
    const BodyId welded = addCrate(level, {x + 2.0f, 5.7f});
    level.joints.push_back(joint(JointKind::Weld, welded, swinging, {}, {0.0f, 1.2f}));
    // A spring from a point, released above its rest: it bobs.
    const BodyId bobbing = addCrate(level, {x, 13.0f});
    JointDefinition spring = joint(JointKind::Spring, bobbing, kNoBody, {x, 9.0f}, {});
    spring.length = 3.0f;
    spring.stiffness = 50.0f;
    level.joints.push_back(spring);
    // A crate on a horizontal rail, its motor turning back at each limit.
    const BodyId railed = addCrate(level, {x, 22.0f});
    JointDefinition rail = joint(JointKind::Rail, railed, kNoBody, {x, 22.0f}, {});
    rail.lower = -1.0f;
    rail.upper = 1.0f;
    rail.motorSpeed = 2.0f;
    rail.reverse = true;
    level.joints.push_back(rail);
  }
  return level;
}

void JointStage(benchmark::State& benchState) {
  const Level level = jointWorld();
  const StepParameters parameters{PhysicsConfig{}};
  WorldState state = makeWorld(1, level, parameters.config);
  const TickInputs inputs{};
  for (int tick = 0; tick < 60; ++tick) {  // everything under way
    stepWorld(state, inputs, level, parameters);
  }
  StepProfile profile;
  for (auto _ : benchState) {
    stepWorld(state, inputs, level, parameters, &profile);
    benchState.SetIterationTime(profile.of(StepStage::Joints) * 1e-6);
  }
  benchState.counters["joints"] = static_cast<double>(level.joints.size());
}
BENCHMARK(JointStage)->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace coyote
