#include <gtest/gtest.h>

#include "sim/state/collision_groups.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

constexpr GroupMask kGhosts = GroupMask{1} << kFirstNamedGroupBit;

CrateDefinition crateIn(Vec2 position, CollisionFilter filter) {
  CrateDefinition crate{position, {1.0f, 1.0f}, 1.0f};
  crate.filter = filter;
  return crate;
}

TEST(CollisionGroups, BodiesInteractOnlyIfEachCollidesWithTheOthersGroup) {
  EXPECT_TRUE(kDefaultCrateFilter.interactsWith(characterFilter(false)));
  EXPECT_TRUE(kDefaultCrateFilter.interactsWith(kDefaultPlatformFilter));
  EXPECT_FALSE(characterFilter(false).interactsWith(characterFilter(false)));
  EXPECT_TRUE(characterFilter(true).interactsWith(characterFilter(true)));
  const CollisionFilter sensor{kGroupSensor, defaultCollidesWith(kGroupSensor)};
  EXPECT_FALSE(sensor.interactsWith(characterFilter(false)));
  EXPECT_FALSE(sensor.interactsWith(kDefaultCrateFilter));
  EXPECT_TRUE(sensor.hitsTiles());
  // One-sided is not enough: a ghost that collides with crates, among crates that ignore it.
  const CollisionFilter ghost{kGhosts, kAllGroups};
  const CollisionFilter ignoring{kGroupCrate, kAllGroups & ~kGhosts};
  EXPECT_FALSE(ghost.interactsWith(ignoring));
  EXPECT_FALSE(ignoring.interactsWith(ghost));
}

TEST(CollisionGroups, ACharacterRunsThroughASensorCrate) {
  Scenario scenario(kHall);
  scenario.add(crateIn({6.0f, 6.0f}, {kGroupSensor, defaultCollidesWith(kGroupSensor)}));
  scenario.step(input(kRight), 60);
  EXPECT_GT(scenario.player().position.x, 8.0f);
  EXPECT_FLOAT_EQ(scenario.crate().position.x, 6.0f);  // never pushed
  EXPECT_FLOAT_EQ(scenario.crate().position.y, 6.0f);  // resting on the tiles (world)
}

TEST(CollisionGroups, ACharacterIsStoppedByAPlainCrateOfTheSameWeight) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{6.0f, 6.0f}, {1.0f, 1.0f}, 100.0f});
  scenario.step(input(kRight), 60);
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth, 6.0f);
}

TEST(CollisionGroups, TwoGroupsThatIgnoreEachOtherPassThrough) {
  Scenario scenario(kHall);
  scenario.add(CrateDefinition{{10.0f, 6.0f}, {1.0f, 1.0f}, 1.0f});
  // A ghost crate dropped onto it: it collides with the tiles and players, not with crates.
  scenario.add(crateIn({10.0f, 1.0f}, {kGhosts, kGroupWorld | kGroupPlayer}));
  scenario.step({}, 120);
  EXPECT_FLOAT_EQ(scenario.crate(1).position.y, 6.0f);  // through the crate, onto the floor
  EXPECT_FLOAT_EQ(scenario.crate(0).position.y, 6.0f);
  // A plain crate dropped the same way lands on top.
  Scenario plain(kHall);
  plain.add(CrateDefinition{{10.0f, 6.0f}, {1.0f, 1.0f}, 1.0f});
  plain.add(CrateDefinition{{10.0f, 1.0f}, {1.0f, 1.0f}, 1.0f});
  plain.step({}, 120);
  EXPECT_FLOAT_EQ(plain.crate(1).position.y, 5.0f);
}

TEST(CollisionGroups, APlatformThatIgnoresCratesNeitherPushesNorCarriesThem) {
  Scenario scenario(kHall);
  PlatformDefinition platform;
  platform.size = {2.0f, 1.0f};
  platform.path = {{4.0f, 6.0f}, {30.0f, 6.0f}};
  platform.speed = 6.0f;
  platform.filter = {kGroupPlatform, kGroupWorld | kGroupPlayer};
  scenario.add(platform);
  scenario.add(CrateDefinition{{12.0f, 6.0f}, {1.0f, 1.0f}, 1.0f});
  scenario.step({}, 180);
  EXPECT_GT(scenario.platform().position.x, 14.0f);  // it went past the crate
  EXPECT_FLOAT_EQ(scenario.crate().position.x, 12.0f);
}

// Two characters: the player at the spawn and a second one standing 3 tiles to its right.
Scenario twoCharacters(bool playersCollide) {
  PhysicsConfig config;
  config.playersCollide = playersCollide;
  Scenario scenario(kHall, config);
  addCharacter(scenario.state, 1, scenario.level, config);
  scenario.state.characters[1].position.x += 3.0f;
  return scenario;
}

TEST(CollisionGroups, CharactersPassThroughEachOtherByDefault) {
  Scenario scenario = twoCharacters(false);
  scenario.step(input(kRight), 60);
  EXPECT_GT(scenario.player().position.x, scenario.state.characters[1].position.x + 1.0f);
}

TEST(CollisionGroups, WithPlayersCollideACharacterStopsAtAnother) {
  Scenario scenario = twoCharacters(true);
  scenario.step(input(kRight), 60);
  const Character& other = scenario.state.characters[1];
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth, other.position.x);
  // From the other side too (the second character moves after the first each step).
  TickInputs inputs{};
  inputs[1] = input(kLeft);
  for (int tick = 0; tick < 30; ++tick) {
    stepWorld(scenario.state, inputs, scenario.level, scenario.parameters);
  }
  EXPECT_FLOAT_EQ(scenario.state.characters[1].position.x,
                  scenario.player().position.x + scenario.config.playerWidth);
}

TEST(CollisionGroups, WithPlayersCollideACharacterStandsOnAnother) {
  Scenario scenario = twoCharacters(true);
  scenario.player().position = scenario.state.characters[1].position;
  scenario.player().position.y -= 3.0f;
  scenario.step({}, 60);
  const Character& below = scenario.state.characters[1];
  EXPECT_FLOAT_EQ(scenario.box().bottom(), below.position.y);
  EXPECT_TRUE(scenario.player().grounded);
  EXPECT_EQ(scenario.player().support, kCharacterIdBase + 1);
}

}  // namespace
}  // namespace coyote::test
