// Rollback-aware effects: keyed by (tick, body, event), shown once whatever the re-simulations.
#include "client/core/effect_list.h"

#include <gtest/gtest.h>

#include "client/core/predictor.h"
#include "level/tiled_level_loader.h"
#include "match/authoritative_tick.h"
#include "sim/bodies/platform_step.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

constexpr BodyId kLocalBody = kCharacterIdBase;
constexpr BodyId kRemoteBody = kCharacterIdBase + 1;
constexpr PlayerInput kDash{0, 0, kButtonDash};

struct World {
  Level level = loadTiledLevel(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj");
  PhysicsConfig config;
  WorldState state = makeWorld(2, level, config);
};

StepEvent event(std::uint32_t tick, BodyId body, EventKind kind) {
  return {tick, body, kind, 0.0f};
}

std::size_t countOf(const EffectList& list, std::uint32_t tick, BodyId body, EventKind kind) {
  std::size_t n = 0;
  for (const Effect& effect : list.effects()) {
    n += effect.key == EffectKey{tick, body, kind} ? 1 : 0;
  }
  return n;
}

TEST(EffectList, ATickSimulatedAgainShowsItsEffectOnceAndAVanishedOneIsCut) {
  const World world;
  EffectList list;
  const std::vector<StepEvent> landed{event(10, kLocalBody, EventKind::Landed),
                                      event(10, kLocalBody, EventKind::LeftGround)};
  list.simulated(10, landed, world.state, world.level, world.config, 10);
  ASSERT_EQ(list.effects().size(), 1u);  // left_ground shows nothing
  EXPECT_EQ(list.effects()[0].kind, EffectKind::Dust);
  EXPECT_EQ(list.effects()[0].endTick, 10u + effectTicks(EffectKind::Dust));

  list.simulated(10, landed, world.state, world.level, world.config, 14);  // a rollback
  EXPECT_EQ(list.started(), 1u);
  EXPECT_FALSE(list.effects()[0].cut);
  EXPECT_FLOAT_EQ(list.effects()[0].progress(19.0), 9.0f / 18.0f);  // its age: from its tick

  list.simulated(10, {}, world.state, world.level, world.config, 15);  // corrected: no landing
  EXPECT_TRUE(list.effects()[0].cut);
  EXPECT_EQ(list.effects()[0].endTick, 15u + EffectList::kCutTicks);
  EXPECT_EQ(list.cutShort(), 1u);
  EXPECT_TRUE(list.effects()[0].over(19.0));

  list.forget(10, 18);  // confirmed, but not over yet
  EXPECT_EQ(list.effects().size(), 1u);
  list.forget(10, 19);
  EXPECT_TRUE(list.effects().empty());
}

TEST(EffectList, EffectsShowWhereTheirBodyIsAndUnknownBodiesShowNothing) {
  const World world;
  EffectList list;
  const Character& local = world.state.characters[0];
  list.simulated(3,
                 std::vector<StepEvent>{event(3, kLocalBody, EventKind::Dashed),
                                        event(3, kCharacterIdBase + 200, EventKind::Landed),
                                        event(3, kCrateIdBase + 90, EventKind::CrateImpact)},
                 world.state, world.level, world.config, 3);
  ASSERT_EQ(list.effects().size(), 1u);
  EXPECT_FLOAT_EQ(list.effects()[0].position.x, local.position.x + world.config.playerWidth / 2);
  EXPECT_FLOAT_EQ(list.effects()[0].position.y, local.position.y + world.config.playerHeight / 2);
}

TEST(EffectList, ABrokenJointSnapsAtTheCentreOfItsCrate) {
  World world;
  world.level.crates.push_back({{10.0f, 4.0f}, {2.0f, 1.0f}, 1.0f});
  placeBodies(world.state, world.level);
  EffectList list;
  StepEvent snapped = event(5, kCrateIdBase, EventKind::JointBroken);
  snapped.value = 240.0f;  // the force that broke it
  list.simulated(5, std::vector<StepEvent>{snapped}, world.state, world.level, world.config, 5);
  ASSERT_EQ(list.effects().size(), 1u);
  EXPECT_EQ(list.effects()[0].kind, EffectKind::Snap);
  EXPECT_FLOAT_EQ(list.effects()[0].position.x, 11.0f);
  EXPECT_FLOAT_EQ(list.effects()[0].position.y, 4.5f);
}

TEST(EffectList, AFloodOfEventsKeepsABoundedList) {
  const World world;
  EffectList list;
  for (std::uint32_t tick = 1; tick <= 2000; ++tick) {
    list.simulated(tick, std::vector<StepEvent>{event(tick, kLocalBody, EventKind::Dashed)},
                   world.state, world.level, world.config, tick);
  }
  EXPECT_EQ(list.effects().size(), EffectList::kMaxEffects);
  EXPECT_EQ(list.effects().back().key.tick, 2000u);
}

/// The server's inputs for ticks 1..50: the remote player presses dash at 31 and holds it; ours
/// press dash at 36 (on time) and at 48 (too late: the server used a neutral input).
TickInputs serverInputs(std::uint32_t tick) {
  TickInputs inputs{};
  if (tick >= 31) {
    inputs[1] = kDash;
  }
  if (tick == 36) {
    inputs[0] = kDash;
  }
  return inputs;
}
PlayerInput ownInput(std::uint32_t tick) {
  return tick == 36 || tick == 48 ? kDash : PlayerInput{};
}

TEST(EffectList, ThePredictorShowsEachEffectOnceThroughAMispredictionAndItsCorrection) {
  const World world;
  const StepParameters parameters(world.config);
  WorldState server = world.state;
  Predictor predictor(world.level, parameters, 0, 60);
  predictor.adopt(world.state, TickInputs{});
  predictor.rollback();
  const auto confirm = [&](std::uint32_t tick) {
    applyAuthoritativeTick(server, {}, serverInputs(tick), world.level, parameters);
    const auto hash = static_cast<std::uint32_t>(hashState(server));
    const Confirmation result = predictor.confirm(tick, {}, serverInputs(tick), hash);
    EXPECT_FALSE(result.desync) << tick;
    if (result.mispredicted()) {
      predictor.rollback();
    }
    return result;
  };
  for (std::uint32_t tick = 1; tick <= 30; ++tick) {  // everyone lands; predictions are right
    predictor.advance(ownInput(tick));
    EXPECT_FALSE(confirm(tick).mispredicted());
  }
  // From tick 31 on the prediction runs 6 ticks ahead of the confirmations, as a client does.
  const std::uint64_t before = predictor.effects().started();
  constexpr std::uint32_t kLead = 6;
  for (std::uint32_t tick = 31; tick <= 31 + kLead; ++tick) {
    predictor.advance(ownInput(tick));  // 31..37: our dash at 36 is predicted and shown
  }
  EXPECT_EQ(predictor.effects().started(), before + 1);
  EXPECT_EQ(countOf(predictor.effects(), 36, kLocalBody, EventKind::Dashed), 1u);

  // Tick 31: the remote player dashed — shown now; the re-simulation of 32..37 that follows
  // finds our dash at 36 again and leaves it alone.
  EXPECT_TRUE(confirm(31).remoteMispredicted);
  EXPECT_EQ(predictor.effects().started(), before + 2);
  EXPECT_EQ(countOf(predictor.effects(), 31, kRemoteBody, EventKind::Dashed), 1u);
  EXPECT_EQ(countOf(predictor.effects(), 36, kLocalBody, EventKind::Dashed), 1u);
  for (std::uint32_t tick = 32; tick <= 47; ++tick) {
    predictor.advance(ownInput(tick + kLead));  // up to 53: our dash at 48 is predicted
    EXPECT_FALSE(confirm(tick).mispredicted()) << tick;
  }
  EXPECT_EQ(predictor.effects().started(), before + 3);
  ASSERT_EQ(countOf(predictor.effects(), 48, kLocalBody, EventKind::Dashed), 1u);

  // Tick 48: our dash never happened on the server — its effect is cut short, not replayed.
  EXPECT_TRUE(confirm(48).ownMispredicted);
  EXPECT_EQ(predictor.effects().started(), before + 3);
  EXPECT_EQ(predictor.effects().cutShort(), 1u);
  for (const Effect& effect : predictor.effects().effects()) {
    if (effect.key.tick == 48) {
      EXPECT_TRUE(effect.cut);
      EXPECT_EQ(effect.endTick, 53u + EffectList::kCutTicks);  // fades from the tick shown
    }
  }
}

}  // namespace
}  // namespace coyote
