// The rollback core alone: a scripted authoritative stream, no sockets, no clock.
#include "client/core/predictor.h"

#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "level/tiled_level_loader.h"
#include "match/authoritative_tick.h"
#include "scenario/random_inputs.h"
#include "sim/state_diff.h"
#include "sim/state_hash.h"

namespace coyote {
namespace {

constexpr int kLocal = 0;
constexpr int kRemote = 1;

/// The server's side of a two-player match: each tick's inputs, then the state and its hash.
struct AuthoritativeRun {
  Level level = loadTiledLevel(std::string(COYOTE_SOURCE_DIR) + "/configs/levels/arena.tmj");
  StepParameters parameters{PhysicsConfig{}};
  WorldState start = makeWorld(2, level, parameters.config);
  std::vector<TickInputs> inputs{TickInputs{}};  ///< by tick; [0] is the start's
  std::vector<WorldState> states{start};
  std::vector<std::uint32_t> hashes{static_cast<std::uint32_t>(hashState(start))};

  void step(const TickInputs& tickInputs) {
    WorldState next = states.back();
    applyAuthoritativeTick(next, {}, tickInputs, level, parameters);
    inputs.push_back(tickInputs);
    states.push_back(next);
    hashes.push_back(static_cast<std::uint32_t>(hashState(next)));
  }
  /// A predictor that has just joined at tick 0.
  Predictor joinedPredictor(std::uint32_t window = 60) const {
    Predictor predictor(level, parameters, kLocal, window);
    predictor.adopt(start, inputs[0]);
    predictor.rollback();
    return predictor;
  }
  Confirmation confirm(Predictor& predictor, std::uint32_t tick) const {
    return predictor.confirm(tick, {}, inputs[tick], hashes[tick]);
  }
};

/// Random own and remote inputs for `ticks` ticks.
std::vector<TickInputs> randomTicks(int ticks, std::uint64_t seed) {
  RandomInputs random(seed);
  std::vector<TickInputs> result(static_cast<std::size_t>(ticks) + 1);
  for (std::size_t tick = 1; tick < result.size(); ++tick) {
    random.next(result[tick], 2);
  }
  return result;
}

TEST(Predictor, RemoteMispredictionReSimulatesExactlyLikeAFreshSimulation) {
  AuthoritativeRun server;
  const std::vector<TickInputs> script = randomTicks(40, 7);
  for (std::uint32_t tick = 1; tick <= 40; ++tick) {
    server.step(script[tick]);
  }
  Predictor predictor = server.joinedPredictor();
  for (std::uint32_t tick = 1; tick <= 30; ++tick) {
    predictor.advance(script[tick][kLocal]);
  }
  bool remoteMispredicted = false;
  for (std::uint32_t tick = 1; tick <= 12; ++tick) {
    const Confirmation confirmation = server.confirm(predictor, tick);
    ASSERT_TRUE(confirmation.applied);
    EXPECT_FALSE(confirmation.desync) << tick;
    EXPECT_FALSE(confirmation.ownMispredicted) << tick;
    remoteMispredicted = remoteMispredicted || confirmation.remoteMispredicted;
  }
  ASSERT_TRUE(remoteMispredicted) << "the remote player's random inputs were not predictable";
  EXPECT_EQ(predictor.rollback(), 18u);

  // A fresh simulation: authoritative ticks up to 12, then our inputs and the remote player's
  // last authoritative input.
  WorldState fresh = server.states[12];
  for (std::uint32_t tick = 13; tick <= 30; ++tick) {
    TickInputs inputs = script[12];
    inputs[kLocal] = script[tick][kLocal];
    stepWorld(fresh, inputs, server.level, server.parameters);
  }
  EXPECT_THAT(differingFields(predictor.predicted(), fresh), ::testing::IsEmpty());
  EXPECT_EQ(hashState(predictor.predicted()), hashState(fresh));
  EXPECT_EQ(hashState(predictor.confirmed()), hashState(server.states[12]));
  EXPECT_EQ(predictor.previousPredicted().tick, 29u);
}

TEST(Predictor, OwnInputsThatArrivedInTimeNeverCauseARollback) {
  AuthoritativeRun server;
  const std::vector<TickInputs> script = randomTicks(60, 9);
  const PlayerInput remoteHeld{-127, 0, kButtonJump};
  Predictor predictor = server.joinedPredictor();
  for (std::uint32_t tick = 1; tick <= 60; ++tick) {
    TickInputs inputs{};
    inputs[kLocal] = script[tick][kLocal];
    inputs[kRemote] = remoteHeld;
    server.step(inputs);
  }
  // The remote player's input is known from tick 1 on; after that, it never changes.
  predictor.advance(script[1][kLocal]);
  ASSERT_TRUE(server.confirm(predictor, 1).remoteMispredicted);
  predictor.rollback();
  for (std::uint32_t tick = 2; tick <= 60; ++tick) {
    predictor.advance(script[tick][kLocal]);
    if (tick >= 10) {
      const Confirmation confirmation = server.confirm(predictor, tick - 8);
      EXPECT_FALSE(confirmation.mispredicted()) << "tick " << tick - 8;
    }
  }
  EXPECT_EQ(hashState(predictor.confirmed()), hashState(server.states[52]));
}

TEST(Predictor, AnOwnInputTheServerReplacedIsAnOwnMisprediction) {
  AuthoritativeRun server;
  Predictor predictor = server.joinedPredictor();
  const PlayerInput pressed{127, 0, 0};
  for (std::uint32_t tick = 1; tick <= 5; ++tick) {
    predictor.advance(pressed);
    TickInputs inputs{};
    inputs[kLocal] = tick == 3 ? PlayerInput{} : pressed;  // ours came late at tick 3
    server.step(inputs);
  }
  for (std::uint32_t tick = 1; tick <= 5; ++tick) {
    const Confirmation confirmation = server.confirm(predictor, tick);
    EXPECT_EQ(confirmation.ownMispredicted, tick == 3) << tick;
    EXPECT_FALSE(confirmation.remoteMispredicted) << tick;
  }
}

TEST(Predictor, DesyncIsDetectedAtTheFirstBadTick) {
  AuthoritativeRun server;
  const std::vector<TickInputs> script = randomTicks(12, 11);
  // Our confirmed state goes wrong at tick 6, after its hash was taken: the step is ours, the
  // server's with a player moved half a tile.
  const ConfirmedStep wrongAtSix = [](WorldState& state, const std::vector<RosterEvent>& events,
                                      const TickInputs& inputs, const Level& level,
                                      const StepParameters& parameters, EventBatch* stepEvents) {
    if (state.tick == 6) {
      state.characters[kLocal].position.x += 0.5f;
    }
    applyAuthoritativeTick(state, events, inputs, level, parameters, stepEvents);
  };
  Predictor predictor(server.level, server.parameters, kLocal, 60, wrongAtSix);
  predictor.adopt(server.start, server.inputs[0]);
  predictor.rollback();
  for (std::uint32_t tick = 1; tick <= 12; ++tick) {
    server.step(script[tick]);
    predictor.advance(script[tick][kLocal]);
  }
  for (std::uint32_t tick = 1; tick <= 12; ++tick) {
    const Confirmation confirmation = server.confirm(predictor, tick);
    EXPECT_EQ(confirmation.desync, tick >= 7) << tick;
  }
}

TEST(Predictor, OnlyTheNextTickConfirms) {
  AuthoritativeRun server;
  server.step(TickInputs{});
  server.step(TickInputs{});
  Predictor predictor = server.joinedPredictor();
  EXPECT_FALSE(server.confirm(predictor, 2).applied);
  EXPECT_TRUE(server.confirm(predictor, 1).applied);
  EXPECT_FALSE(server.confirm(predictor, 1).applied);
  EXPECT_EQ(predictor.confirmed().tick, 1u);
}

TEST(Predictor, PredictionStopsAtTheRollbackWindow) {
  AuthoritativeRun server;
  Predictor predictor = server.joinedPredictor(8);
  int advanced = 0;
  while (predictor.canAdvance() && advanced < 100) {
    predictor.advance(PlayerInput{});
    ++advanced;
  }
  EXPECT_EQ(advanced, 8);
  EXPECT_EQ(predictor.lead(), 8u);
  server.step(TickInputs{});
  server.confirm(predictor, 1);
  EXPECT_TRUE(predictor.canAdvance());
  EXPECT_EQ(predictor.rollback(), 7u);
}

TEST(Predictor, AServerAheadOfThePredictionRestartsItWithoutARollback) {
  AuthoritativeRun server;
  Predictor predictor = server.joinedPredictor();
  predictor.advance(PlayerInput{});
  for (std::uint32_t tick = 1; tick <= 3; ++tick) {
    server.step(TickInputs{});
    server.confirm(predictor, tick);
  }
  EXPECT_EQ(predictor.rollback(), 0u);
  EXPECT_EQ(predictor.predicted().tick, 3u);
  EXPECT_EQ(hashState(predictor.predicted()), hashState(server.states[3]));
}

TEST(Predictor, AJoinIsARemoteMispredictionAndTheNewCharacterAppears) {
  AuthoritativeRun server;
  Predictor predictor = server.joinedPredictor();
  for (int i = 0; i < 4; ++i) {
    predictor.advance(PlayerInput{});
  }
  WorldState authoritative = server.start;
  const std::vector<RosterEvent> join{{RosterEvent::kJoin, 5, "late"}};
  applyAuthoritativeTick(authoritative, join, TickInputs{}, server.level, server.parameters);
  const Confirmation confirmation = predictor.confirm(
      1, join, TickInputs{}, static_cast<std::uint32_t>(hashState(authoritative)));
  EXPECT_TRUE(confirmation.remoteMispredicted);
  EXPECT_FALSE(confirmation.desync);
  EXPECT_FALSE(predictor.predicted().characters[5].active);
  EXPECT_EQ(predictor.rollback(), 3u);
  EXPECT_TRUE(predictor.predicted().characters[5].active);
}

}  // namespace
}  // namespace coyote
