#include <cmath>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "scenario/ascii_level.h"
#include "scenario/random_inputs.h"
#include "sim/world_step.h"

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

// How deep a box reaches into a solid cell (0 when it only touches): the invariant of the sweep.
float deepestSolidOverlap(const Aabb& box, const Level& level) {
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
      if (overlapX > 0.0f && overlapY > 0.0f) {
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
        ASSERT_LE(deepestSolidOverlap(characterBox(c, config), level), 2.0f * 1.0e-3f)
            << "level " << levelIndex << " tick " << tick << " slot " << slot << " at ("
            << c.position.x << ", " << c.position.y << ") v=(" << c.velocity.x << ", "
            << c.velocity.y << ")";
      }
    }
  }
  EXPECT_EQ(steps, 100000);
}

}  // namespace
}  // namespace coyote
