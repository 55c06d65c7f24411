#include <random>

#include <gtest/gtest.h>

#include "scenario/random_inputs.h"
#include "sim/character/checkpoints.h"
#include "sim/character/spawn.h"
#include "support/scenario.h"

namespace coyote::test {
namespace {

// Spawn on the left, a checkpoint area at columns 10-11, spikes at columns 16-17 and 20.
constexpr const char* kCourse =
    "########################\n"
    "#......................#\n"
    "#......................#\n"
    "#......................#\n"
    "#.S.............^^..^..#\n"
    "########################\n";

Scenario course() {
  Scenario scenario(kCourse);
  scenario.level.checkpoints.push_back({{10.0f, 3.0f}, {2.0f, 2.0f}});
  return scenario;
}

// Runs right until the character is past `x` or respawned behind it; true if it respawned.
bool runUntilPast(Scenario& scenario, float x, int limit = 240) {
  for (int tick = 0; tick < limit; ++tick) {
    const float before = scenario.player().position.x;
    scenario.step(input(kRight));
    if (scenario.player().position.x < before - 1.0f) {
      return true;
    }
    if (scenario.player().position.x > x) {
      return false;
    }
  }
  return false;
}

TEST(Hazard, AHazardTileRespawnsACharacterAtItsSpawnWithoutACheckpoint) {
  Scenario scenario(kCourse);
  const Vec2 spawn = scenario.player().spawn;
  ASSERT_TRUE(runUntilPast(scenario, 30.0f));
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, spawn.x);
  EXPECT_FLOAT_EQ(scenario.player().position.y + scenario.config.playerHeight, spawn.y);
  EXPECT_EQ(scenario.player().checkpoint, -1);
}

TEST(Hazard, ATouchedCheckpointIsWhereAHazardSendsTheCharacter) {
  Scenario scenario = course();
  ASSERT_TRUE(runUntilPast(scenario, 30.0f));
  EXPECT_EQ(scenario.player().checkpoint, 0);
  // The checkpoint's bottom-centre: x 11, y 5.
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, 11.0f);
  EXPECT_FLOAT_EQ(scenario.player().position.y + scenario.config.playerHeight, 5.0f);
  EXPECT_FLOAT_EQ(scenario.player().spawn.x, 2.5f);  // its spawn is kept
}

TEST(Hazard, StandingNextToSpikesIsSafe) {
  Scenario scenario(kCourse);
  scenario.player().position = {15.0f - scenario.config.playerWidth, 4.2f};
  scenario.step({}, 30);
  EXPECT_FLOAT_EQ(scenario.player().position.x, 15.0f - scenario.config.playerWidth);
}

TEST(Hazard, ACheckpointIndexTheLevelDoesNotHaveMeansTheSpawn) {
  Scenario scenario = course();
  scenario.player().checkpoint = 99;           // from a hostile state
  scenario.player().position = {16.2f, 4.2f};  // on the spikes
  scenario.step();
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, 2.5f);
  EXPECT_EQ(scenario.player().checkpoint, -1);
}

TEST(Hazard, FallingOffTheLevelAlsoReturnsToTheCheckpoint) {
  Scenario scenario(
      "#......#\n"
      "#.S....#\n"
      "###....#\n");
  scenario.level.checkpoints.push_back({{1.0f, 1.0f}, {1.0f, 1.0f}});
  scenario.step({}, 5);
  ASSERT_EQ(scenario.player().checkpoint, -1);
  scenario.player().position.x = 1.2f;  // into the checkpoint
  scenario.step();
  ASSERT_EQ(scenario.player().checkpoint, 0);
  scenario.player().position = {5.0f, 1.0f};  // over the hole
  scenario.step({}, 120);
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, 1.5f);
}

/// A walled level of random cells: hazards, solids, one-way platforms, slopes and water.
Level scatteredHazards(std::mt19937& random) {
  constexpr int kWidth = 40;
  constexpr int kHeight = 20;
  Level level(kWidth, kHeight);
  std::uniform_int_distribution<int> roll(0, 99);
  for (int row = 0; row < kHeight; ++row) {
    for (int column = 0; column < kWidth; ++column) {
      const bool wall = row == 0 || row == kHeight - 1 || column == 0 || column == kWidth - 1;
      const int dice = roll(random);
      TileType type = TileType::Empty;
      if (wall || dice < 8) {
        type = TileType::Solid;
      } else if (dice < 16) {
        type = TileType::Hazard;
      } else if (dice < 19) {
        type = TileType::OneWay;
      } else if (dice < 21) {
        type = dice == 19 ? TileType::SlopeUpRight : TileType::SlopeUpLeft;
      } else if (dice < 23) {
        type = TileType::Water;
      }
      level.setTile(column, row, type);
    }
  }
  return level;
}

// The hazard rule looks only at the characters whose step saw a hazard tile in its reach: a step
// must never end on one its reach did not show. Random characters on a level strewn with hazards.
TEST(Hazard, EveryStepThatEndsOnAHazardSawOneInItsReach) {
  std::mt19937 random(5);
  const Level level = scatteredHazards(random);
  const StepParameters parameters{PhysicsConfig{}};
  std::uniform_int_distribution<int> column(1, level.width() - 2);
  std::uniform_int_distribution<int> row(1, level.height() - 2);
  constexpr int kCharacters = 32;
  std::array<Character, kCharacters> characters;
  static const WorldState noBodies;  // the level has none: the characters stand on its tiles
  const auto respawn = [&](Character& character) {  // in an empty cell, standing on its floor
    int at[2] = {column(random), row(random)};
    while (level.tileAt(at[0], at[1]) != TileType::Empty) {
      at[0] = column(random);
      at[1] = row(random);
    }
    const Vec2 feet{static_cast<float>(at[0]) + 0.5f, static_cast<float>(at[1] + 1)};
    spawnCharacter(character, feet, noBodies, level, parameters.config);
  };
  for (Character& character : characters) {
    respawn(character);
  }
  RandomInputs inputs(9);
  TickInputs tick{};
  int onHazard = 0;
  int hazardOutOfReach = 0;
  for (int step = 0; step < 3000; ++step) {
    inputs.next(tick, kCharacters);
    for (std::size_t i = 0; i < characters.size(); ++i) {
      Character& character = characters[i];
      const CharacterContacts contacts = stepCharacter(character, tick[i], level, parameters);
      const bool touches = touchesHazard(characterBox(character, parameters.config), level);
      ASSERT_TRUE(!touches || contacts.mayTouchHazard) << "step " << step << ", character " << i;
      onHazard += touches ? 1 : 0;
      hazardOutOfReach += contacts.mayTouchHazard ? 0 : 1;
      if (touches || character.position.y > static_cast<float>(level.height())) {
        respawn(character);
      }
    }
  }
  EXPECT_GT(onHazard, 1000);           // steps really ended on hazards
  EXPECT_GT(hazardOutOfReach, 10000);  // and many were told there was none to look for
}

// The respawn button (a player's "kill"): its press sends the character back to the checkpoint
// it touched, once; held, it does nothing more; pressed again, it respawns again.
TEST(Respawn, ThePressSendsTheCharacterToItsCheckpointOnceWhileHeld) {
  Scenario scenario = course();
  for (int tick = 0; tick < 200 && scenario.player().position.x < 13.0f; ++tick) {
    scenario.step(input(kRight));
  }
  ASSERT_EQ(scenario.player().checkpoint, 0);
  ASSERT_GT(scenario.player().position.x, 12.5f);
  const auto atCheckpoint = [&] {
    return scenario.player().position.x + scenario.config.playerWidth * 0.5f == 11.0f &&
           scenario.player().position.y + scenario.config.playerHeight == 5.0f;
  };
  scenario.step(input(kRight, 0, kButtonRespawn));
  EXPECT_TRUE(atCheckpoint()) << scenario.player().position.x;
  EXPECT_FLOAT_EQ(scenario.player().velocity.x, 0.0f);
  scenario.step(input(kRight, 0, kButtonRespawn), 20);  // held: it runs on
  EXPECT_GT(scenario.player().position.x, 11.5f);
  scenario.step(input(kRight), 1);
  scenario.step(input(kRight, 0, kButtonRespawn));  // a new press
  EXPECT_TRUE(atCheckpoint());
}

TEST(Respawn, WithoutACheckpointThePressSendsTheCharacterToItsSpawn) {
  Scenario scenario(kCourse);
  scenario.step(input(kRight), 30);
  ASSERT_GT(scenario.player().position.x, 4.0f);
  scenario.step(input(0, 0, kButtonRespawn | kButtonJump));
  EXPECT_FLOAT_EQ(scenario.player().position.x + scenario.config.playerWidth * 0.5f, 2.5f);
  EXPECT_FLOAT_EQ(scenario.player().velocity.y, 0.0f) << "no jump in the respawn's tick";
}

}  // namespace
}  // namespace coyote::test
