#include <gtest/gtest.h>

#include "scenario/random_inputs.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"
#include "support/bundled_level.h"

namespace coyote {
namespace {

TEST(StepProfile, StagesHaveTheirNames) {
  EXPECT_EQ(stepStageName(StepStage::Platforms), "platforms");
  EXPECT_EQ(stepStageName(StepStage::Joints), "joints");
  EXPECT_EQ(stepStageName(StepStage::Bodies), "bodies");
  EXPECT_EQ(stepStageName(StepStage::Characters), "characters");
  EXPECT_EQ(stepStageName(StepStage::Rules), "rules");
}

TEST(StepProfile, AProfiledStepGivesTheSameWorldAndTimesEveryStage) {
  const Level level = test::bundledLevel("playground.tmj");
  const StepParameters parameters{PhysicsConfig{}};
  WorldState profiled = makeWorld(8, level, parameters.config);
  WorldState plain = profiled;
  RandomInputs random(3);
  TickInputs inputs{};
  StepProfile profile;
  std::array<double, kStepStageCount> summed{};
  for (int tick = 0; tick < 300; ++tick) {
    random.next(inputs, 8);
    stepWorld(profiled, inputs, level, parameters, &profile);
    stepWorld(plain, inputs, level, parameters);
    ASSERT_EQ(hashState(profiled), hashState(plain)) << tick;
    for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
      ASSERT_GE(profile.micros[stage], 0.0);
      summed[stage] += profile.micros[stage];
    }
  }
  // Over 300 steps of 8 players, 3 platforms and 10 crates every stage takes measurable time.
  for (std::size_t stage = 0; stage < kStepStageCount; ++stage) {
    EXPECT_GT(summed[stage], 0.0) << stepStageName(static_cast<StepStage>(stage));
  }
}

TEST(StepProfile, EachStepStartsAFreshProfile) {
  const Level level = test::bundledLevel("arena.tmj");
  const StepParameters parameters{PhysicsConfig{}};
  WorldState state = makeWorld(2, level, parameters.config);
  StepProfile profile;
  profile.micros.fill(1.0e9);  // whatever was there before
  stepWorld(state, TickInputs{}, level, parameters, &profile);
  EXPECT_LT(profile.total(), 1.0e6);
}

}  // namespace
}  // namespace coyote
