#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "level/tiled_level_loader.h"
#include "sim/bodies/platform_step.h"
#include "sim/state_hash.h"
#include "sim/world_step.h"
#include "support/bundled_level.h"
#include "wire/codec.h"

namespace coyote::net {
namespace {

using ::testing::HasSubstr;

const std::string kPlayground = std::string(COYOTE_SOURCE_DIR) + "/configs/levels/playground.tmj";

std::string welcomeDecodeError(const Welcome& welcome) {
  // Encoding refuses what decoding would refuse; the check runs both ways.
  try {
    encode(Message{welcome});
  } catch (const WireError& error) {
    return error.what();
  }
  return "";
}

Welcome playgroundWelcome() {
  const Level level = test::bundledLevel("playground.tmj");
  Welcome welcome;
  welcome.level = toLevelData(level);
  welcome.snapshot.state = makeWorld(2, level, PhysicsConfig{});
  return welcome;
}

TEST(LevelBodiesWire, PlatformsCratesAndTheirStateTravelInAWelcome) {
  const Welcome sent = playgroundWelcome();
  std::string error;
  const std::optional<Message> decoded = decode(encode(Message{sent}), error);
  ASSERT_TRUE(decoded.has_value()) << error;
  const Welcome& got = std::get<Welcome>(*decoded);
  const Level level = toLevel(got.level);
  const Level original = test::bundledLevel("playground.tmj");
  ASSERT_EQ(level.platforms.size(), original.platforms.size());
  ASSERT_EQ(level.crates.size(), original.crates.size());
  for (std::size_t i = 0; i < level.platforms.size(); ++i) {
    EXPECT_EQ(level.platforms[i].path.size(), original.platforms[i].path.size());
    EXPECT_EQ(level.platforms[i].speed, original.platforms[i].speed);
    EXPECT_EQ(level.platforms[i].oneWay, original.platforms[i].oneWay);
  }
  EXPECT_EQ(level.crates.back().mass, original.crates.back().mass);
  // Materials travel with it: the table and every cell's (run-length coded).
  ASSERT_EQ(level.materials.size(), original.materials.size());
  for (int row = 0; row < level.height(); ++row) {
    for (int column = 0; column < level.width(); ++column) {
      ASSERT_EQ(level.materialIndexAt(column, row), original.materialIndexAt(column, row));
    }
  }
  EXPECT_FLOAT_EQ(level.materialAt(34, 20).friction, 0.1f);
  EXPECT_EQ(hashState(got.snapshot.state), hashState(sent.snapshot.state));
  EXPECT_EQ(got.snapshot.state.roster, sent.snapshot.state.roster)
      << "the roster is not sent: the decoded state rebuilds it from its characters";
  EXPECT_TRUE(got.snapshot.state.roster.contains(1));
}

TEST(LevelBodiesWire, OutOfRangeBodiesAreRefusedByName) {
  Welcome welcome = playgroundWelcome();
  welcome.level.crates[0].mass = 0.0f;
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("crate mass out of range"));
  welcome = playgroundWelcome();
  welcome.level.crates[0].position = {1.0e5f, 2.0f};
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("crate outside the level"));
  welcome = playgroundWelcome();
  welcome.level.platforms[0].size.x = 500.0f;
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("platform size out of range"));
  welcome = playgroundWelcome();
  welcome.level.platforms[0].path.assign(40, Vec2{1.0f, 1.0f});
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("platform path point count 40 exceeds 32"));
  welcome = playgroundWelcome();
  welcome.level.platforms[0].speed = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("platform speed out of range"));
  welcome = playgroundWelcome();
  welcome.level.materials[1].restitution = 2.0f;
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("material restitution out of range"));
  welcome = playgroundWelcome();
  welcome.level.materialRuns[0].material = 31;
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("material runs out of range"));
  welcome = playgroundWelcome();
  welcome.level.materialRuns.pop_back();
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("material runs do not cover the level"));
  welcome = playgroundWelcome();
  welcome.snapshot.state.crates[0].support = 9999;
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("support out of range"));
  welcome = playgroundWelcome();
  welcome.level.crates[0].filter.group = kGroupCrate | kGroupSensor;
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("crate group: not one collision group"));
  welcome = playgroundWelcome();
  welcome.level.platforms[0].filter.group = 1u << 6;  // between the built-in and named bits
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("platform group: not one collision group"));
}

TEST(LevelBodiesWire, JointsTravelAndBrokenOnesAreRefusedByName) {
  const Welcome sent = playgroundWelcome();
  ASSERT_EQ(sent.level.joints.size(), 6u);
  std::string error;
  const std::optional<Message> decoded = decode(encode(Message{sent}), error);
  ASSERT_TRUE(decoded.has_value()) << error;
  const LevelData& got = std::get<Welcome>(*decoded).level;
  ASSERT_EQ(got.joints.size(), sent.level.joints.size());
  for (std::size_t i = 0; i < got.joints.size(); ++i) {
    EXPECT_EQ(got.joints[i].kind, sent.level.joints[i].kind) << i;
    EXPECT_EQ(got.joints[i].body, sent.level.joints[i].body) << i;
    EXPECT_EQ(got.joints[i].to, sent.level.joints[i].to) << i;
    EXPECT_EQ(got.joints[i].length, sent.level.joints[i].length) << i;
    EXPECT_EQ(got.joints[i].reverse, sent.level.joints[i].reverse) << i;
    EXPECT_EQ(got.joints[i].breakForce, sent.level.joints[i].breakForce) << i;
  }
  Welcome welcome = playgroundWelcome();
  welcome.level.joints[0].body = kCrateIdBase + 100;  // a crate the level does not have
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("joint names a body the level does not have"));
  welcome = playgroundWelcome();
  welcome.level.joints[0].to = welcome.level.joints[0].body;
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("joint names a body the level does not have"));
  welcome = playgroundWelcome();
  welcome.level.joints[3].axis = {0.0f, 0.0f};
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("rail axis is zero"));
  welcome = playgroundWelcome();
  welcome.level.joints[3].lower = 3.0f;
  welcome.level.joints[3].upper = 1.0f;
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("rail upper limit out of range"));
  welcome = playgroundWelcome();
  welcome.level.joints[2].stiffness = std::numeric_limits<float>::infinity();
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("joint stiffness out of range"));
  welcome = playgroundWelcome();
  welcome.level.joints.assign(kMaxJoints + 1, welcome.level.joints[0]);
  EXPECT_THAT(welcomeDecodeError(welcome), HasSubstr("joint count 65 exceeds 64"));
}

TEST(LevelBodiesWire, CollisionFiltersTravelWithTheirBodies) {
  Welcome sent = playgroundWelcome();
  sent.level.crates[1].filter = {GroupMask{1} << 31, kGroupWorld | kGroupPlayer};
  sent.level.platforms[2].filter = {kGroupPlatform, kGroupPlayer};
  std::string error;
  const std::optional<Message> decoded = decode(encode(Message{sent}), error);
  ASSERT_TRUE(decoded.has_value()) << error;
  const LevelData& got = std::get<Welcome>(*decoded).level;
  for (std::size_t i = 0; i < got.crates.size(); ++i) {
    EXPECT_EQ(got.crates[i].filter, sent.level.crates[i].filter) << i;
  }
  for (std::size_t i = 0; i < got.platforms.size(); ++i) {
    EXPECT_EQ(got.platforms[i].filter, sent.level.platforms[i].filter) << i;
  }
}

TEST(LevelBodiesWire, ARaceTravelsWithItsLevelAndABrokenOneIsRefused) {
  Welcome sent = playgroundWelcome();
  sent.level.race = {true, Aabb{{2.0f, 3.0f}, {1.0f, 2.0f}}, Aabb{{30.0f, 3.0f}, {2.0f, 2.0f}}, 3,
                     "playground dash"};
  sent.level.checkpoints[0].order = 1;
  std::string error;
  const std::optional<Message> decoded = decode(encode(Message{sent}), error);
  ASSERT_TRUE(decoded.has_value()) << error;
  const Level level = toLevel(std::get<Welcome>(*decoded).level);
  ASSERT_TRUE(level.race.present);
  EXPECT_EQ(level.race.finish.position.x, 30.0f);
  EXPECT_EQ(level.race.laps, 3);
  EXPECT_EQ(level.race.name, "playground dash");
  EXPECT_EQ(level.checkpoints[0].order, 1);

  Welcome broken = sent;
  broken.level.race.laps = 0;
  EXPECT_THAT(welcomeDecodeError(broken), ::testing::HasSubstr("race laps"));
  broken = sent;
  broken.level.race.finish.position = {9999.0f, 3.0f};
  EXPECT_THAT(welcomeDecodeError(broken), ::testing::HasSubstr("race start or finish outside"));
  broken = sent;
  broken.level.checkpoints[0].order = 200;
  EXPECT_THAT(welcomeDecodeError(broken), ::testing::HasSubstr("checkpoint order"));
}

TEST(LevelBodiesWire, AStateNamingCratesTheLevelDoesNotHaveIsIgnoredBySimulation) {
  // A hostile server's state passes the wire's ranges but names crate ids beyond the level's:
  // the simulation never indexes the level with them.
  const Level level = test::bundledLevel("playground.tmj");
  WorldState state = makeWorld(1, level, PhysicsConfig{});
  state.crates[0].id = kCrateIdBase + kMaxCrates - 1;
  state.crates[1].support = kCrateIdBase + 100;
  state.characters[0].support = kCrateIdBase + 77;
  state.crates[kMaxCrates - 1].active = true;
  const StepParameters parameters{PhysicsConfig{}};
  for (int tick = 0; tick < 120; ++tick) {
    stepWorld(state, TickInputs{}, level, parameters);
  }
  EXPECT_EQ(state.tick, 120u);
}

}  // namespace
}  // namespace coyote::net
