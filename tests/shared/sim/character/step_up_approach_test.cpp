// Step-up is a property of the geometry and the intended move (docs/simulation.md#step-up), not
// of where the previous tick's sweep happened to stop: a walker running at full speed toward a
// lip no higher than physics.step_height climbs it from every one of 1,000 approach offsets —
// a tile's, a crate's, a static platform's, and a platform's moving toward it or away from it —
// and its speed never drops for more than one tick; a lip one pixel higher is a wall every time.
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/scenario.h"

namespace coyote::test {
namespace {

constexpr float kApproachPixel = 1.0f / 16.0f;
constexpr float kApproachFloor = 7.0f;     // kHall's floor top
constexpr float kApproachLipLeft = 16.0f;  // where every lip's face starts
constexpr int kOffsets = 1000;
constexpr int kMaxTicks = 90;

// Tile lips are whole rows: the walker runs on a slab 1 − h high laid on the floor, toward a
// solid tile whose top is h above the slab's.
const std::string kTileLip = hallWith("#.S.............########################");

enum class LipKind { Tile, Crate, StaticPlatform, PlatformToward, PlatformAway };

struct Lip {
  LipKind kind;
  float speed = 0.0f;  ///< tiles/s, for a moving platform

  std::string name() const {
    switch (kind) {
      case LipKind::Tile:
        return "tile";
      case LipKind::Crate:
        return "crate";
      case LipKind::StaticPlatform:
        return "static platform";
      case LipKind::PlatformToward:
        return fmt::format("platform toward at {}", speed);
      case LipKind::PlatformAway:
        return fmt::format("platform away at {}", speed);
    }
    return "?";
  }
  /// How fast the walker closes on the lip's face, tiles/s.
  float closing(float runSpeed) const {
    return kind == LipKind::PlatformToward ? runSpeed + speed
           : kind == LipKind::PlatformAway ? runSpeed - speed
                                           : runSpeed;
  }
};

/// A slab `pixels` high whose face starts at kLipLeft, moving as `lip` says, 3 tiles long.
PlatformDefinition slab(const Lip& lip, float pixels) {
  const Vec2 start{kApproachLipLeft, kApproachFloor - pixels * kApproachPixel};
  const float way = lip.kind == LipKind::PlatformToward ? -12.0f : 12.0f;
  PlatformDefinition platform{{3.0f, pixels * kApproachPixel}, {start}};
  if (lip.kind == LipKind::PlatformToward || lip.kind == LipKind::PlatformAway) {
    platform.path.push_back({start.x + way, start.y});
    platform.speed = lip.speed;
    platform.mode = PathMode::PingPong;
  }
  return platform;
}

/// The world of one lip kind and height, the walker not placed yet.
Scenario lipWorld(const Lip& lip, float pixels) {
  if (lip.kind == LipKind::Tile) {
    Scenario scenario(kTileLip);
    const float slabTop = 6.0f + pixels * kApproachPixel;
    scenario.add(PlatformDefinition{{15.0f, kApproachFloor - slabTop}, {{1.0f, slabTop}}});
    return scenario;
  }
  Scenario scenario(kHall);
  if (lip.kind == LipKind::Crate) {
    scenario.add(CrateDefinition{{kApproachLipLeft, kApproachFloor - pixels * kApproachPixel},
                                 {3.0f, pixels * kApproachPixel},
                                 50.0f});
  } else {
    scenario.add(slab(lip, pixels));
  }
  return scenario;
}

/// Puts the walker on its floor at full run speed, its right side `gap` tiles short of the lip.
void placeWalker(Scenario& scenario, const Lip& lip, float gap) {
  Character& walker = scenario.player();
  const float floor =
      lip.kind == LipKind::Tile ? scenario.level.platforms[0].path[0].y : kApproachFloor;
  walker.position = {kApproachLipLeft - gap - scenario.config.playerWidth,
                     floor - scenario.config.playerHeight};
  walker.velocity = {scenario.config.maxRunSpeed, 0.0f};
  walker.grounded = true;
  walker.support = lip.kind == LipKind::Tile ? BodyId{0} : kNoBody;
  walker.ticksSinceGrounded = 0;
}

/// What one approach did.
struct Approach {
  bool climbed = false;          ///< stood on the lip's top
  int longestSlowdown = 0;       ///< most consecutive ticks below run speed before that
  float furthestIntoFace = 0.f;  ///< how far the box's right side went past the face
  bool rose = false;             ///< its feet ever rose above the floor
};

/// The top of the lip now (platforms move), and its face.
float lipTop(Scenario& scenario, const Lip& lip) {
  if (lip.kind == LipKind::Tile) {
    return 6.0f;
  }
  return lip.kind == LipKind::Crate ? scenario.crate().position.y : scenario.platform().position.y;
}
float lipFace(Scenario& scenario, const Lip& lip) {
  if (lip.kind == LipKind::Tile) {
    return kApproachLipLeft;
  }
  return lip.kind == LipKind::Crate ? scenario.crate().position.x : scenario.platform().position.x;
}

Approach approach(Scenario scenario, const Lip& lip, float gap) {
  placeWalker(scenario, lip, gap);
  const float floor = scenario.box().bottom();
  Approach result;
  int slow = 0;
  int onTop = 0;
  for (int tick = 0; tick < kMaxTicks && onTop < 3; ++tick) {
    scenario.step(input(kRight));
    const Aabb box = scenario.box();
    const float top = lipTop(scenario, lip);
    if (scenario.player().grounded && box.bottom() == top && box.left() > lipFace(scenario, lip)) {
      result.climbed = true;
      ++onTop;  // a few ticks on it: a walker stopped on the top would show there
    }
    slow = scenario.player().velocity.x < scenario.config.maxRunSpeed ? slow + 1 : 0;
    result.longestSlowdown = slow > result.longestSlowdown ? slow : result.longestSlowdown;
    const float into = box.right() - lipFace(scenario, lip);
    if (!result.climbed && into > result.furthestIntoFace) {
      result.furthestIntoFace = into;
    }
    result.rose = result.rose || box.bottom() < floor - kSkin;
  }
  return result;
}

std::vector<Lip> everyLipKind() {
  std::vector<Lip> lips{{LipKind::Tile}, {LipKind::Crate}, {LipKind::StaticPlatform}};
  for (const float speed : {0.5f, 1.0f, 2.0f, 3.0f, 4.0f, 6.0f}) {
    lips.push_back({LipKind::PlatformToward, speed});
    lips.push_back({LipKind::PlatformAway, speed});
  }
  return lips;
}

/// The gap of offset `i`: a tile and a half, plus i thousandths of one tick's closing travel, so
/// that the walker meets the face at every point of a tick (and, for i = 0 on a static lip, a
/// whole number of ticks from it: the grid-aligned approach).
float gapOf(int i, const Lip& lip, const PhysicsConfig& config) {
  const float oneTick = lip.closing(config.maxRunSpeed) / static_cast<float>(config.tickRate);
  return 1.5f + oneTick * static_cast<float>(i) / static_cast<float>(kOffsets);
}

TEST(StepUpApproach, EveryLipUpToTheStepHeightIsClimbedFromEveryOffsetAtRunSpeed) {
  for (const Lip& lip : everyLipKind()) {
    for (const float pixels : {1.0f, 2.0f, 3.0f, 4.0f}) {
      const Scenario world = lipWorld(lip, pixels);
      int stopped = 0;
      int slowed = 0;
      for (int i = 0; i < kOffsets; ++i) {
        const Approach run = approach(world, lip, gapOf(i, lip, world.config));
        stopped += run.climbed ? 0 : 1;
        slowed += run.longestSlowdown > 1 ? 1 : 0;
        if (!run.climbed || run.longestSlowdown > 1) {
          ADD_FAILURE() << lip.name() << ", " << pixels << " px, offset " << i << ": climbed "
                        << run.climbed << ", below run speed " << run.longestSlowdown
                        << " ticks in a row";
          break;  // one message per lip, not a thousand
        }
      }
      EXPECT_EQ(stopped, 0) << lip.name() << ", " << pixels << " px";
      EXPECT_EQ(slowed, 0) << lip.name() << ", " << pixels << " px";
    }
  }
}

TEST(StepUpApproach, ALipOnePixelAboveTheStepHeightIsAWallFromEveryOffset) {
  for (const Lip& lip : everyLipKind()) {
    const Scenario world = lipWorld(lip, 5.0f);
    int climbed = 0;
    for (int i = 0; i < kOffsets; ++i) {
      const Approach run = approach(world, lip, gapOf(i, lip, world.config));
      const bool wall = !run.climbed && !run.rose && run.furthestIntoFace <= kSkin;
      climbed += wall ? 0 : 1;
      if (!wall) {
        ADD_FAILURE() << lip.name() << ", offset " << i << ": climbed " << run.climbed << ", rose "
                      << run.rose << ", into the face by " << run.furthestIntoFace;
        break;
      }
    }
    EXPECT_EQ(climbed, 0) << lip.name();
  }
}

}  // namespace
}  // namespace coyote::test
