// Ghosts (docs/playing.md#ghosts): a run's path, compressed, read back within 1/256 tile, and
// bounded against hostile bytes.
#include "replay/ghost.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <zlib.h>

#include "io/config_error.h"

namespace coyote {
namespace {

TEST(Ghost, APathComesBackWithinAQuantumIncludingARespawnsJump) {
  GhostWriter writer;
  std::vector<Vec2> path;
  for (int tick = 0; tick < 3600; ++tick) {  // a minute at 60 Hz: run, hop, respawn at 2000
    const float t = static_cast<float>(tick % 2000);
    path.push_back({2.0f + t * 0.15f, 20.0f - 2.0f * std::abs(std::sin(t * 0.05f))});
  }
  for (const Vec2& position : path) {
    writer.add(position);
  }
  const std::string bytes = writer.finish();
  const Ghost ghost = decodeGhost(bytes, "ghost");
  ASSERT_EQ(ghost.positions.size(), path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    ASSERT_NEAR(ghost.positions[i].x, path[i].x, 1.0f / 512.0f + 1e-4f) << i;
    ASSERT_NEAR(ghost.positions[i].y, path[i].y, 1.0f / 512.0f + 1e-4f) << i;
  }
  std::cout << "[ figure ] a minute of ghost: " << bytes.size() << " bytes\n";
  EXPECT_LT(bytes.size(), 16'000u);
}

TEST(Ghost, ARecordingStopsAtItsBound) {
  GhostWriter writer;
  for (std::size_t tick = 0; tick < Ghost::kMaxTicks + 10; ++tick) {
    writer.add({1.0f, 1.0f});
  }
  EXPECT_TRUE(writer.full());
  EXPECT_EQ(writer.ticks(), Ghost::kMaxTicks);
}

TEST(Ghost, HostileBytesAreRefusedWithinTheirBounds) {
  std::mt19937 random(7);
  std::string noise(4000, '\0');
  for (char& byte : noise) {
    byte = static_cast<char>(random());
  }
  EXPECT_THROW(decodeGhost(noise, "noise"), ConfigError);
  EXPECT_THROW(decodeGhost("", "empty"), ConfigError);
  EXPECT_THROW(decodeGhost(std::string(Ghost::kMaxBytes + 1, 'x'), "huge"), ConfigError);
  // A zlib bomb: 64 MB of zeros in a few KB expands past the bound and is refused.
  const std::string zeros(64u << 20, '\0');
  uLongf size = compressBound(static_cast<uLong>(zeros.size()));
  std::string bomb(size, '\0');
  ASSERT_EQ(
      compress2(reinterpret_cast<Bytef*>(bomb.data()), &size,
                reinterpret_cast<const Bytef*>(zeros.data()), static_cast<uLong>(zeros.size()), 9),
      Z_OK);
  bomb.resize(size);
  EXPECT_THROW(decodeGhost(bomb, "bomb"), ConfigError);
  // Cut short: 3 bytes of a 4-byte step.
  const std::string three("\1\0\2", 3);
  uLongf packedSize = compressBound(3);
  std::string packed(packedSize, '\0');
  compress2(reinterpret_cast<Bytef*>(packed.data()), &packedSize,
            reinterpret_cast<const Bytef*>(three.data()), 3, 9);
  packed.resize(packedSize);
  try {
    decodeGhost(packed, "cut");
    FAIL() << "a cut ghost was read";
  } catch (const ConfigError& error) {
    EXPECT_STREQ(error.what(), "cut: cut short at byte 2");
  }
}

}  // namespace
}  // namespace coyote
