#include <cmath>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "level/tiled_level_loader.h"
#include "scenario/ascii_level.h"
#include "scenario/random_inputs.h"
#include "sim/collision/obstacle_set.h"
#include "sim/world_step.h"
#include "support/bundled_level.h"

namespace coyote {
namespace {

// A random closed level with every tile type; slopes and rounded tiles sit on solid ground.
std::string randomLevel(std::uint64_t seed, int width, int height) {
  std::uint64_t state = seed;
  auto next = [&state](int bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(bound));
  };
  std::vector<std::string> rows(static_cast<std::size_t>(height), std::string(width, '.'));
  for (int x = 0; x < width; ++x) {
    rows[0][x] = rows[height - 1][x] = '#';
  }
  for (int y = 0; y < height; ++y) {
    rows[y][0] = rows[y][width - 1] = '#';
  }
  const char shapes[] = {'#', '#', '-', '/', '\\', 'R', 'L', '~', '^'};
  for (int i = 0; i < width * height / 6; ++i) {
    const int x = 1 + next(width - 2);
    const int y = 2 + next(height - 3);
    const char shape = shapes[next(sizeof(shapes))];
    rows[y][x] = shape;
    if ((shape == '/' || shape == '\\' || shape == 'R' || shape == 'L') && y + 1 < height) {
      rows[y + 1][x] = '#';
    }
  }
  for (int i = 0; i < 12; ++i) {
    const int x = 1 + next(width - 2);
    const int y = 1 + next(height - 3);
    rows[y][x] = 'S';
  }
  std::string picture;
  for (const std::string& row : rows) {
    picture += row + "\n";
  }
  return picture;
}

// True for the solid cells a box standing on a slope may clip with a corner: beside the
// followable tile under its centre, in the same row, on the side it rises toward (the block at a
// slope's top, the solid under the next step of a staircase; docs/simulation.md#junctions).
bool besideSlopeUnderCentre(const Aabb& box, int column, int row, const Level& level) {
  const int centerColumn = static_cast<int>(std::floor(box.centerX()));
  const TileType center = level.tileAt(centerColumn, row);
  const bool upRight = center == TileType::SlopeUpRight || center == TileType::RoundedUpRight;
  const bool upLeft = center == TileType::SlopeUpLeft || center == TileType::RoundedUpLeft;
  return (upRight && column > centerColumn) || (upLeft && column < centerColumn);
}

// How deep a box reaches into a solid cell (0 when it only touches): the invariant of the sweep.
// A corner clipping the solid beside a slope under the box's centre is measured apart
// (`besideSlope`): at most a quarter of the box's width on a 45° slope.
float deepestSolidOverlap(const Aabb& box, const Level& level, float* besideSlope = nullptr) {
  float deepest = 0.0f;
  for (int row = static_cast<int>(std::floor(box.top())); row <= static_cast<int>(box.bottom());
       ++row) {
    for (int column = static_cast<int>(std::floor(box.left()));
         column <= static_cast<int>(box.right()); ++column) {
      if (!isSolid(level.tileAt(column, row))) {
        continue;
      }
      const float overlapX =
          std::min(box.right(), column + 1.0f) - std::max(box.left(), float(column));
      const float overlapY = std::min(box.bottom(), row + 1.0f) - std::max(box.top(), float(row));
      if (overlapX <= 0.0f || overlapY <= 0.0f) {
        continue;
      }
      if (besideSlope != nullptr && besideSlopeUnderCentre(box, column, row, level)) {
        *besideSlope = std::max(*besideSlope, std::min(overlapX, overlapY));
      } else {
        deepest = std::max(deepest, std::min(overlapX, overlapY));
      }
    }
  }
  return deepest;
}

bool finite(const Character& c) {
  return std::isfinite(c.position.x) && std::isfinite(c.position.y) &&
         std::isfinite(c.velocity.x) && std::isfinite(c.velocity.y);
}

TEST(Property, HundredThousandRandomStepsNeverEndInsideASolidTileOrNaN) {
  constexpr int kLevels = 10;
  constexpr int kPlayers = 10;
  constexpr int kTicks = 1000;
  PhysicsConfig config;
  const StepParameters parameters(config);
  long steps = 0;
  for (int levelIndex = 0; levelIndex < kLevels; ++levelIndex) {
    const Level level = levelFromAscii(randomLevel(1000 + levelIndex, 40, 24));
    WorldState state = makeWorld(kPlayers, level, config);
    RandomInputs random(static_cast<std::uint64_t>(levelIndex));
    TickInputs inputs{};
    for (int tick = 0; tick < kTicks; ++tick) {
      random.next(inputs, kPlayers);
      stepWorld(state, inputs, level, parameters);
      for (int slot = 0; slot < kPlayers; ++slot) {
        const Character& c = state.characters[static_cast<std::size_t>(slot)];
        ++steps;
        ASSERT_TRUE(finite(c)) << "level " << levelIndex << " tick " << tick << " slot " << slot;
        float besideSlope = 0.0f;
        const float overlap = deepestSolidOverlap(characterBox(c, config), level, &besideSlope);
        ASSERT_LE(besideSlope, config.playerWidth * 0.25f + 2.0f * 1.0e-3f)
            << "level " << levelIndex << " tick " << tick << " slot " << slot;
        ASSERT_LE(overlap, 2.0f * 1.0e-3f)
            << "level " << levelIndex << " tick " << tick << " slot " << slot << " at ("
            << c.position.x << ", " << c.position.y << ") v=(" << c.velocity.x << ", "
            << c.velocity.y << ")";
      }
    }
  }
  EXPECT_EQ(steps, 100000);
}

// How deep two boxes overlap (0 when they only touch).
float overlapDepth(const Aabb& a, const Aabb& b) {
  const float x = std::min(a.right(), b.right()) - std::max(a.left(), b.left());
  const float y = std::min(a.bottom(), b.bottom()) - std::max(a.top(), b.top());
  return x > 0.0f && y > 0.0f ? std::min(x, y) : 0.0f;
}

bool finite(Vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}

// Whether a joint without `collide` links two crates: they may pass through each other (and,
// once it broke, go on doing so until they are apart).
bool linkedApart(const Level& level, BodyId a, BodyId b) {
  for (const JointDefinition& joint : level.joints) {
    const bool links = (joint.body == a && joint.to == b) || (joint.body == b && joint.to == a);
    if (links && !joint.collide) {
      return true;
    }
  }
  return false;
}

// Every crate against the tiles, the solid platforms and the other crates; every character
// against the tiles and the solid platforms — those its collision group interacts with (a ghost
// crate may rest inside another). Returns what is wrong, or "".
std::string bodyInvariant(const WorldState& state, const Level& level,
                          const PhysicsConfig& config) {
  constexpr float kTolerance = 2.0f * 1.0e-3f;
  std::vector<std::pair<Aabb, CollisionFilter>> solids;
  for (std::size_t i = 0; i < level.platforms.size(); ++i) {
    if (!level.platforms[i].oneWay) {
      solids.push_back(
          {{state.platforms[i].position, level.platforms[i].size}, level.platforms[i].filter});
    }
  }
  const auto crates = levelCrates(state, level);
  for (std::size_t i = 0; i < crates.size(); ++i) {
    if (!crates[i].present()) {
      continue;  // away until its place is free: not in the world
    }
    const CrateDefinition& definition = *crateDefinition(level, crates[i].id);
    const Aabb box = crateBox(crates[i], definition);
    if (!finite(crates[i].position) || !finite(crates[i].velocity)) {
      return "crate " + std::to_string(i) + " is not finite";
    }
    if (deepestSolidOverlap(box, level) > kTolerance) {
      return "crate " + std::to_string(i) + " inside a tile";
    }
    for (std::size_t j = i + 1; j < crates.size(); ++j) {
      const CrateDefinition& other = *crateDefinition(level, crates[j].id);
      if (crates[j].present() && definition.filter.interactsWith(other.filter) &&
          !linkedApart(level, crates[i].id, crates[j].id) &&
          overlapDepth(box, crateBox(crates[j], other)) > kTolerance) {
        return "crates " + std::to_string(i) + " and " + std::to_string(j) + " overlap";
      }
    }
    for (const auto& [solid, filter] : solids) {
      if (filter.interactsWith(definition.filter) && overlapDepth(box, solid) > kTolerance) {
        return "crate " + std::to_string(i) + " inside a platform";
      }
    }
  }
  for (const Character& character : state.characters) {
    for (const auto& [solid, filter] : solids) {
      if (character.active && filter.interactsWith(characterFilter(config.playersCollide)) &&
          overlapDepth(characterBox(character, config), solid) > kTolerance) {
        return "a character inside a platform";
      }
    }
  }
  return "";
}

TEST(Property, RandomStepsWithPlatformsAndCratesNeverEndInsideASolidOrNaN) {
  const Level level = test::bundledLevel("playground.tmj");
  const PhysicsConfig config;
  const StepParameters parameters(config);
  constexpr int kPlayers = 8;
  long bodySteps = 0;
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    WorldState state = makeWorld(kPlayers, level, config);
    RandomInputs random(seed);
    TickInputs inputs{};
    for (int tick = 0; tick < 2000; ++tick) {
      random.next(inputs, kPlayers);
      stepWorld(state, inputs, level, parameters);
      const std::string broken = bodyInvariant(state, level, config);
      ASSERT_EQ(broken, "") << "seed " << seed << " tick " << tick;
      bodySteps += kPlayers + static_cast<long>(level.platforms.size() + level.crates.size());
    }
  }
  EXPECT_GE(bodySteps, 100000);
}

}  // namespace
}  // namespace coyote
