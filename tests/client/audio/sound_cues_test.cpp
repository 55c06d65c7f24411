// From the rollback-aware effects to sounds, without audio hardware: each event heard once, a
// remote one on confirmation, a mispredicted one never (or stopped at once).
#include "client/audio/sound_cues.h"

#include <gtest/gtest.h>

#include "level/tiled_level_loader.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

constexpr BodyId kOwn = kCharacterIdBase;         // slot 0: the local player
constexpr BodyId kRemote = kCharacterIdBase + 1;  // slot 1: another player

struct World {
  Level level = loadTiledLevel(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj");
  PhysicsConfig config;
  WorldState state = makeWorld(2, level, config);
  EffectList effects;
  SoundCues cues;

  /// One simulation of `tick` with `events`, then the frame's cues.
  std::vector<SoundCommand> simulate(std::uint32_t tick, std::vector<StepEvent> events,
                                     std::uint32_t confirmed, std::uint32_t present) {
    effects.simulated(tick, events, state, level, config, present);
    return cues.update(effects, {0, confirmed, present});
  }
};

StepEvent event(std::uint32_t tick, BodyId body, EventKind kind, float value = 0.0f) {
  return {tick, body, kind, value};
}

std::size_t plays(const std::vector<SoundCommand>& commands, SoundId sound) {
  std::size_t n = 0;
  for (const SoundCommand& command : commands) {
    n += command.action == SoundCommand::Action::Play && command.sound == sound ? 1 : 0;
  }
  return n;
}
std::size_t stops(const std::vector<SoundCommand>& commands) {
  std::size_t n = 0;
  for (const SoundCommand& command : commands) {
    n += command.action == SoundCommand::Action::Stop ? 1 : 0;
  }
  return n;
}

TEST(SoundCues, APredictedOwnJumpSoundsOnceThroughRollbacksAndItsConfirmation) {
  World world;
  const auto jump = event(20, kOwn, EventKind::Jumped, 0.0f);
  std::vector<SoundCommand> heard = world.simulate(20, {jump}, 12, 20);  // 8 ticks ahead
  EXPECT_EQ(plays(heard, SoundId::Jump), 1u) << "your own action sounds at once";
  std::size_t later = 0;
  for (std::uint32_t present = 21; present < 26; ++present) {  // re-simulated after rollbacks
    later += plays(world.simulate(20, {jump}, 12 + present - 20, present), SoundId::Jump);
  }
  later += plays(world.simulate(20, {jump}, 20, 28), SoundId::Jump);  // confirmed
  EXPECT_EQ(later, 0u) << "never twice";
  EXPECT_EQ(world.cues.played(), 1u);
}

TEST(SoundCues, ARemoteLandingRolledBackBeforeConfirmationIsNeverHeard) {
  World world;
  // Predicted 8 ticks ahead of the confirmed tick: not confident, so it waits.
  std::vector<SoundCommand> heard =
      world.simulate(30, {event(30, kRemote, EventKind::Landed, 12.0f)}, 22, 30);
  EXPECT_EQ(plays(heard, SoundId::Land), 0u);
  heard = world.cues.update(world.effects, {0, 25, 31});
  EXPECT_EQ(plays(heard, SoundId::Land), 0u);
  // The server says the remote player jumped instead: the landing is gone from tick 30.
  heard = world.simulate(30, {}, 26, 32);
  EXPECT_EQ(plays(heard, SoundId::Land), 0u);
  for (std::uint32_t confirmed = 27; confirmed <= 34; ++confirmed) {
    heard = world.cues.update(world.effects, {0, confirmed, confirmed + 4});
    EXPECT_EQ(plays(heard, SoundId::Land) + stops(heard), 0u) << "confirmed " << confirmed;
  }
  EXPECT_EQ(world.cues.played(), 0u);
  EXPECT_EQ(world.cues.stopped(), 0u);
}

TEST(SoundCues, AConfirmedRemoteLandingSoundsOnceWhenItsTickIsConfirmed) {
  World world;
  const auto landed = event(40, kRemote, EventKind::Landed, 20.0f);
  EXPECT_EQ(plays(world.simulate(40, {landed}, 30, 40), SoundId::Land), 0u);
  EXPECT_EQ(plays(world.simulate(40, {landed}, 34, 44), SoundId::Land), 0u);  // a rollback
  // Within 2 ticks of the confirmed one: predicted with confidence.
  const std::vector<SoundCommand> heard = world.simulate(40, {landed}, 38, 46);
  ASSERT_EQ(plays(heard, SoundId::Land), 1u);
  EXPECT_GT(heard.front().loudness, 0.6f) << "a hard landing is loud";
  EXPECT_EQ(plays(world.simulate(40, {landed}, 40, 48), SoundId::Land), 0u);  // confirmed
  EXPECT_EQ(plays(world.cues.update(world.effects, {0, 50, 58}), SoundId::Land), 0u);
  EXPECT_EQ(world.cues.played(), 1u);
}

TEST(SoundCues, AnEventACorrectionRemovesWithinTwoTicksIsStoppedLaterItPlaysOut) {
  World world;
  const auto dash = event(50, kOwn, EventKind::Dashed);
  ASSERT_EQ(plays(world.simulate(50, {dash}, 44, 50), SoundId::Dash), 1u);
  const std::vector<SoundCommand> corrected = world.simulate(50, {}, 45, 52);  // 2 ticks on
  ASSERT_EQ(stops(corrected), 1u);
  EXPECT_EQ(corrected.front().key, (EffectKey{50, kOwn, EventKind::Dashed}));
  // Back after all in a later correction: it is not heard again.
  EXPECT_EQ(plays(world.simulate(50, {dash}, 46, 53), SoundId::Dash), 0u);

  const auto jump = event(60, kOwn, EventKind::Jumped);
  ASSERT_EQ(plays(world.simulate(60, {jump}, 54, 60), SoundId::Jump), 1u);
  EXPECT_EQ(stops(world.simulate(60, {}, 56, 63)), 0u) << "3 ticks on: it has mostly been heard";
  EXPECT_EQ(world.cues.stopped(), 1u);
}

TEST(SoundCues, EachEventHasItsOwnSoundAndLandingsAreLouderTheFasterTheyAre) {
  World world;
  const std::vector<StepEvent> events{
      event(70, kOwn, EventKind::Jumped, static_cast<float>(JumpKind::Wall)),
      event(70, kOwn, EventKind::Jumped, static_cast<float>(JumpKind::Air)),
      event(70, kOwn, EventKind::EnteredWater),
      event(70, kOwn, EventKind::LeftWater),
      event(70, kOwn, EventKind::HazardHit),
      event(70, kOwn, EventKind::Respawned),
      event(70, kOwn, EventKind::CheckpointActivated, -1.0f),  // no such checkpoint: no effect
      event(70, kOwn, EventKind::LeftGround),                  // nothing to hear
  };
  const std::vector<SoundCommand> heard = world.simulate(70, events, 70, 70);
  // The same key for two jumps of one tick: the first only (a step fires one jump at most).
  EXPECT_EQ(plays(heard, SoundId::WallJump), 1u);
  EXPECT_EQ(plays(heard, SoundId::SplashIn), 1u);
  EXPECT_EQ(plays(heard, SoundId::SplashOut), 1u);
  EXPECT_EQ(plays(heard, SoundId::Hazard), 1u);
  EXPECT_EQ(plays(heard, SoundId::Respawn), 1u);
  EXPECT_EQ(heard.size(), 5u);

  Effect soft{{1, kOwn, EventKind::Landed}, EffectKind::Dust, {}, 5.0f};
  Effect hard = soft;
  hard.value = 30.0f;
  EXPECT_LT(loudnessOf(soft), 0.35f);
  EXPECT_FLOAT_EQ(loudnessOf(hard), 1.0f);
  Effect air{{1, kOwn, EventKind::Jumped}, EffectKind::Hop, {}, 2.0f};
  EXPECT_EQ(soundFor(air), SoundId::AirJump);
}

TEST(SoundCues, EventsLongPastWhenFirstAllowedStaySilent) {
  World world;
  world.simulate(100, {event(100, kRemote, EventKind::Dashed)}, 60, 100);
  // Confirmation arrives 40 ticks later (a stall): too late to be heard as it happened.
  const std::vector<SoundCommand> heard = world.cues.update(world.effects, {0, 100, 140});
  EXPECT_EQ(heard.size(), 0u);
  EXPECT_EQ(world.cues.played(), 0u);
}

}  // namespace
}  // namespace coyote
