// Each character state drawn by the real CharacterSprites into an off-screen texture (under
// Xvfb: OpenGL needs a display) and read back: every pixel of the frame is the sprite sheet's
// pixel for that pose, tinted in the slot's colour, the scarf in the dash budget's colour, and
// mirrored for a character facing left (docs/art.md#characters).
#include "client/app/scene/art/character_sprites.h"
#include "client/app/render/palette.h"
#include "client/app/scene/effect_renderer.h"
#include "client/app/scene/ghost_view.h"

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include "scenario/ascii_level.h"
#include "sim/world_step.h"

namespace coyote {
namespace {

// 8 × 4 tiles: open air on the left, a pool on the right.
const char* const kLevel =
    "....~~~~\n"
    "....~~~~\n"
    "....~~~~\n"
    "########\n";

struct Scene {
  std::unique_ptr<ArtAssets> art = loadArtAssets(std::string(COYOTE_SOURCE_DIR) + "/assets",
                                                 *std::make_shared<spdlog::logger>("art"));
  Level level = levelFromAscii(kLevel);
  PhysicsConfig physics;
  sf::Image sheet;

  Scene() { sheet.loadFromFile(std::string(COYOTE_SOURCE_DIR) + "/assets/character.png"); }

  /// A character with its feet at pixel (24, 40), or in the pool when `swimming`.
  Character at(bool swimming) const {
    Character character;
    character.active = true;
    const float feetX = swimming ? 6.0f : 1.5f;
    const float feetY = swimming ? 2.6f : 2.5f;
    character.position = {feetX - physics.playerWidth * 0.5f, feetY - physics.playerHeight};
    return character;
  }

  sf::Image draw(const Character& character, int slot, const EffectList* effects = nullptr) {
    sf::RenderTexture target;
    target.create(128, 64);
    target.clear(sf::Color::Black);
    CharacterSprites sprites(*art, level, physics);
    const DrawnCharacter drawn{slot, character.position, &character, true, "x"};
    sprites.draw(target, {0.0f, 0.0f}, {drawn}, effects, 0.0);
    target.display();
    return target.getTexture().copyToImage();
  }
};

sf::Color tinted(sf::Color texel, sf::Color tint) {
  return {static_cast<sf::Uint8>(texel.r * tint.r / 255),
          static_cast<sf::Uint8>(texel.g * tint.g / 255),
          static_cast<sf::Uint8>(texel.b * tint.b / 255)};
}

bool near(sf::Color a, sf::Color b) {
  return std::abs(a.r - b.r) <= 3 && std::abs(a.g - b.g) <= 3 && std::abs(a.b - b.b) <= 3;
}

/// Compares the drawn 16 × 16 frame with the sheet's frame `column` of `pose`; returns how many
/// opaque sheet pixels it checked (all of them must match).
int expectFrame(const Scene& scene, const sf::Image& image, const Character& character, Pose pose,
                int column, int slot, sf::Color scarf, const char* what) {
  const float feetX = (character.position.x + scene.physics.playerWidth * 0.5f) * 16.0f;
  const float feetY = (character.position.y + scene.physics.playerHeight) * 16.0f;
  const auto left = static_cast<int>(std::round(feetX - 8.0f));
  const auto top = static_cast<int>(std::round(feetY - 16.0f));
  const int row = static_cast<int>(pose);
  int checked = 0;
  int wrong = 0;
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) {
      const int sheetX = character.facing < 0 ? 15 - x : x;
      const sf::Color body = scene.sheet.getPixel(column * 16 + sheetX, row * 16 + y);
      const sf::Color cloth = scene.sheet.getPixel((6 + column) * 16 + sheetX, row * 16 + y);
      if (body.a != 255 && cloth.a != 255) {
        continue;
      }
      const sf::Color want =
          cloth.a == 255 ? tinted(cloth, scarf) : tinted(body, playerColour(slot));
      const sf::Color got =
          image.getPixel(static_cast<unsigned>(left + x), static_cast<unsigned>(top + y));
      wrong += near(got, want) ? 0 : 1;
      ++checked;
    }
  }
  EXPECT_EQ(wrong, 0) << what << ": " << wrong << " of " << checked << " pixels differ";
  return checked;
}

const sf::Color kRed{255, 86, 96};
const sf::Color kBlue{110, 170, 235};

TEST(CharacterSprites, EachStateIsItsRowOfTheSheetInTheSlotsColour) {
  Scene scene;
  ASSERT_NE(scene.art, nullptr);
  struct Case {
    const char* what;
    Pose pose;
    int column;
    bool swimming;
    Vec2 velocity;
    bool grounded;
    int wall;
  };
  const Case cases[] = {
      {"idle", Pose::Idle, 0, false, {0.0f, 0.0f}, true, 0},
      {"run", Pose::Run, 3, false, {6.0f, 0.0f}, true, 0},  // 1.3 tiles × 2.5 frames a tile
      {"apex", Pose::Apex, 0, false, {1.0f, 1.0f}, false, 0},
      {"fall", Pose::Fall, 0, false, {0.0f, 9.0f}, false, 0},
      {"wall slide", Pose::WallSlide, 0, false, {0.0f, 4.0f}, false, 1},
      {"swim", Pose::Swim, 0, true, {0.0f, 1.0f}, false, 0},
  };
  int slot = 0;
  for (const Case& c : cases) {
    Character character = scene.at(c.swimming);
    character.velocity = c.velocity;
    character.grounded = c.grounded;
    character.wallDirection = static_cast<std::int8_t>(c.wall);
    const sf::Image image = scene.draw(character, slot);
    EXPECT_GT(expectFrame(scene, image, character, c.pose, c.column, slot, kRed, c.what), 40);
    ++slot;  // each in another player's colour
  }
}

TEST(CharacterSprites, FacingLeftMirrorsAndASpentDashTurnsTheScarfBlue) {
  Scene scene;
  ASSERT_NE(scene.art, nullptr);
  Character character = scene.at(false);
  character.grounded = true;
  character.facing = -1;
  character.dashAvailable = false;
  const sf::Image image = scene.draw(character, 3);
  EXPECT_GT(expectFrame(scene, image, character, Pose::Idle, 0, 3, kBlue, "mirrored, spent"), 40);
}

TEST(CharacterSprites, RisingStretchesAndDashingLeavesAfterImages) {
  Scene scene;
  ASSERT_NE(scene.art, nullptr);
  const auto lit = [](const sf::Image& image) {
    int count = 0;
    for (unsigned y = 0; y < image.getSize().y; ++y) {
      for (unsigned x = 0; x < image.getSize().x; ++x) {
        const sf::Color c = image.getPixel(x, y);
        count += (c.r | c.g | c.b) != 0 ? 1 : 0;
      }
    }
    return count;
  };
  const auto rows = [](const sf::Image& image) {
    int first = -1;
    int last = -1;
    for (unsigned y = 0; y < image.getSize().y; ++y) {
      for (unsigned x = 0; x < image.getSize().x; ++x) {
        const sf::Color c = image.getPixel(x, y);
        if ((c.r | c.g | c.b) != 0) {
          first = first < 0 ? static_cast<int>(y) : first;
          last = static_cast<int>(y);
        }
      }
    }
    return last - first + 1;
  };
  Character standing = scene.at(false);
  standing.grounded = true;
  Character rising = scene.at(false);
  rising.velocity = {0.0f, -15.0f};
  EXPECT_GT(rows(scene.draw(rising, 0)), rows(scene.draw(standing, 0))) << "stretched taller";
  Character dashing = scene.at(false);
  dashing.dashTicksLeft = 5;
  dashing.dashDirection = {1.0f, 0.0f};
  EXPECT_GT(lit(scene.draw(dashing, 0)), lit(scene.draw(standing, 0)) * 2)
      << "three after-images behind the dash";
}

// The effects' particles are sprites of assets/particles.png (docs/art.md#particles): a landing's
// dust is two puffs, each the sheet's first puff frame at its start, tinted in the dust colour.
TEST(EffectSprites, ALandingsDustIsTwoPuffSpritesOfTheSheet) {
  Scene scene;
  ASSERT_NE(scene.art, nullptr);
  WorldState state = makeWorld(1, scene.level, scene.physics);
  state.characters[0] = scene.at(false);
  EffectList effects;
  effects.simulated(10, std::vector<StepEvent>{{10, kCharacterIdBase, EventKind::Landed, 12.0f}},
                    state, scene.level, scene.physics, 10);
  ASSERT_EQ(effects.effects().size(), 1u);
  sf::RenderTexture target;
  target.create(128, 64);
  target.clear(sf::Color::Black);
  drawEffects(target, {0.0f, 0.0f}, effects, 10.0, &scene.art->particles);
  target.display();
  const sf::Image image = target.getTexture().copyToImage();
  sf::Image sheet;
  ASSERT_TRUE(sheet.loadFromFile(std::string(COYOTE_SOURCE_DIR) + "/assets/particles.png"));
  const sf::Vector2f at{effects.effects()[0].position.x * 16.0f,
                        effects.effects()[0].position.y * 16.0f};
  const sf::Color dust = palette::kDust;
  int lit = 0;
  for (const float side : {-1.0f, 1.0f}) {
    const int left = static_cast<int>(std::round(at.x + side * 2.0f)) - 4;
    const int top = static_cast<int>(std::round(at.y - 1.5f)) - 4;
    for (int y = 0; y < 8; ++y) {
      for (int x = 0; x < 8; ++x) {
        const sf::Color texel = sheet.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y));
        if (texel.a != 255) {
          continue;
        }
        // The sprite's alpha is the dust's: over black, each channel is scaled by it.
        const sf::Color want(static_cast<sf::Uint8>(dust.r * dust.a / 255),
                             static_cast<sf::Uint8>(dust.g * dust.a / 255),
                             static_cast<sf::Uint8>(dust.b * dust.a / 255));
        const sf::Color got =
            image.getPixel(static_cast<unsigned>(left + x), static_cast<unsigned>(top + y));
        EXPECT_TRUE(near(got, want)) << "puff " << side << " pixel (" << x << ", " << y << ")";
        ++lit;
      }
    }
  }
  EXPECT_GE(lit, 16);
  const sf::Color away =
      image.getPixel(static_cast<unsigned>(at.x) + 30, static_cast<unsigned>(at.y) - 10);
  EXPECT_EQ(away.r + away.g + away.b, 0) << "nothing else drawn";
}

// Ghosts (docs/playing.md#ghosts) are the sheet's runner, not boxes: the record's ghost running
// right on level ground is the run pose's frame of its path, body and scarf in the record's gold,
// translucent over what is behind it (a grey here), and nothing else is drawn.
TEST(GhostSprites, ARunningGhostIsTheSheetsRunnerTranslucentInTheRecordsGold) {
  Scene scene;
  ASSERT_NE(scene.art, nullptr);
  LoadedGhost ghost;
  for (int tick = 0; tick < 40; ++tick) {  // 6 tiles/s to the right, feet on y = 2.5
    ghost.positions.push_back(
        {0.5f + 0.1f * static_cast<float>(tick), 2.5f - scene.physics.playerHeight});
  }
  Character local = scene.at(false);
  local.runTicks = 10;
  const std::optional<GhostMotion> motion = ghostMotion(ghost, local, 0.0f, 60);
  ASSERT_TRUE(motion);
  EXPECT_TRUE(motion->grounded);
  EXPECT_EQ(motion->facing, 1);
  EXPECT_NEAR(motion->velocity.x, 6.0f, 1e-3f);
  const AnimationFrame frame = animate(ghostAnimation(*motion, 10.0));
  ASSERT_EQ(frame.pose, Pose::Run);
  const sf::Color under(60, 60, 60);
  sf::RenderTexture target;
  target.create(128, 64);
  target.clear(under);
  drawGhost(target, {0.0f, 0.0f}, ghost, palette::kGhostRecord, local, 0.0f, scene.physics,
            &scene.art->character);
  target.display();
  const sf::Image image = target.getTexture().copyToImage();
  const int left = static_cast<int>(
      std::round((motion->position.x + scene.physics.playerWidth * 0.5f) * 16.0f - 8.0f));
  const int top = static_cast<int>(
      std::round((motion->position.y + scene.physics.playerHeight) * 16.0f - 16.0f));
  const int row = static_cast<int>(Pose::Run);
  const sf::Color gold = palette::kGhostRecord;
  const auto over = [&under](sf::Color paint, sf::Uint8 alpha) {
    const auto mix = [alpha](int a, int b) {
      return static_cast<sf::Uint8>((a * alpha + b * (255 - alpha) + 127) / 255);
    };
    return sf::Color(mix(paint.r, under.r), mix(paint.g, under.g), mix(paint.b, under.b));
  };
  int checked = 0;
  int wrong = 0;
  int opaque = 0;
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) {
      const sf::Color body = scene.sheet.getPixel(frame.frame * 16 + x, row * 16 + y);
      const sf::Color cloth =
          scene.sheet.getPixel((kScarfColumns + frame.frame) * 16 + x, row * 16 + y);
      const sf::Color got =
          image.getPixel(static_cast<unsigned>(left + x), static_cast<unsigned>(top + y));
      if (body.a != 255 && cloth.a != 255) {
        wrong += got == under ? 0 : 1;  // the sheet's clear pixels show what is behind
        continue;
      }
      const sf::Color want =
          cloth.a == 255 ? over(tinted(cloth, gold), 150) : over(tinted(body, gold), 150);
      wrong += near(got, want) ? 0 : 1;
      opaque += near(got, tinted(cloth.a == 255 ? cloth : body, gold)) ? 1 : 0;
      ++checked;
    }
  }
  EXPECT_GT(checked, 40);
  EXPECT_EQ(wrong, 0) << wrong << " of 256 pixels differ";
  EXPECT_LT(opaque, checked / 4) << "translucent: what is behind shows through";
  const sf::Color away = image.getPixel(120, 5);
  EXPECT_EQ(away, under) << "nothing else drawn";
}

}  // namespace
}  // namespace coyote
