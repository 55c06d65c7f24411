#include "client/app/menu/title_scene.h"

#include <array>
#include <cmath>

#include "client/app/menu/menu_list.h"
#include "client/app/render/shape_batch.h"
#include "client/app/scene/art/autotile.h"
#include "client/app/scene/art/character_animation.h"
#include "client/app/scene/art/character_sprites.h"
#include "client/app/scene/art/tile_atlas.h"
#include "client/app/scene/world_drawing.h"
#include "client/core/viewport.h"

namespace coyote {
namespace {

constexpr int kGroundRow = 13;  ///< the stone's top row (of 15)
constexpr float kFeetY = static_cast<float>(kGroundRow) * kTile;
/// Tiles a second the backdrop drifts by, as if the camera ran along.
constexpr double kDrift = 1.5;

/// One runner of the title: where it starts (logical pixels), how fast it runs (tiles/s), and
/// how often it jumps (0: never).
struct TitleRunner {
  float start;
  float speed;
  double jumpEvery;
};
constexpr std::array<TitleRunner, 3> kRunners{
    {{40.0f, 3.0f, 0.0}, {150.0f, 4.5f, 2.6}, {250.0f, 3.6f, 0.0}}};
constexpr double kJumpSeconds = 0.6;
constexpr float kJumpHeight = 26.0f;  ///< pixels

}  // namespace

TitleScene::TitleScene(const ArtAssets& art) : art_(art), backdrop_(art) {
  canvas_.create(kLogicalWidth, kLogicalHeight);
  canvas_.setSmooth(false);
  buildGround();
}

sf::Vector2f TitleScene::namePosition(sf::Vector2u size) {
  return {std::round((MenuList::kPageWidth - static_cast<float>(size.x) * kNameScale) * 0.5f),
          kNameTop};
}

// Stone from the ground row to the bottom: its top edge lit, the rest filled.
void TitleScene::buildGround() {
  const auto piece = [](std::uint8_t mask) {
    return atlas::tileRect(atlas::kStoneBlob + blobPiece(canonicalMask(mask)));
  };
  constexpr std::uint8_t kAll = 0xff;
  constexpr std::uint8_t kTop = kAll & ~(1 | 2 | 128);  // nothing above: N, NE and NW open
  for (int row = kGroundRow; row * kPixelsPerTile < kLogicalHeight; ++row) {
    const sf::IntRect texels = piece(row == kGroundRow ? kTop : kAll);
    for (int column = 0; column * kPixelsPerTile < kLogicalWidth; ++column) {
      appendQuad(
          ground_,
          {static_cast<float>(column) * kTile, static_cast<float>(row) * kTile, kTile, kTile},
          sf::FloatRect(texels), sf::Color::White);
    }
  }
}

// Each runner loops across the view; the second one jumps every few seconds.
void TitleScene::addRunners(double seconds) {
  runners_.clear();
  const float span = static_cast<float>(kLogicalWidth) + 32.0f;
  for (std::size_t i = 0; i < kRunners.size(); ++i) {
    const TitleRunner& runner = kRunners[i];
    const auto travelled = static_cast<float>(seconds * runner.speed * kTile);
    const float x = std::fmod(runner.start + travelled, span) - 16.0f;
    AnimationInput input;
    input.grounded = true;
    input.position = {(runner.start + travelled) / kTile, 0.0f};
    input.velocity = {runner.speed, 0.0f};
    input.renderTick = seconds * 60.0;
    float lift = 0.0f;
    if (runner.jumpEvery > 0.0) {
      const double into = std::fmod(seconds, runner.jumpEvery);
      if (into < kJumpSeconds) {  // a parabola: up, the apex, down
        const auto t = static_cast<float>(into / kJumpSeconds);
        lift = 4.0f * kJumpHeight * t * (1.0f - t);
        input.grounded = false;
        input.velocity.y = (t < 0.5f ? -1.0f : 1.0f) * (std::abs(t - 0.5f) < 0.1f ? 0.5f : 8.0f);
      }
    }
    const AnimationFrame frame = animate(input);
    const int row = static_cast<int>(frame.pose);
    const sf::Vector2f feet{x, kFeetY - std::round(lift)};
    appendCharacterFrame(runners_, feet, frame.frame, row, frame, 1,
                         playerColour(static_cast<int>(i)));
    appendCharacterFrame(runners_, feet, kScarfColumns + frame.frame, row, frame, 1, kDashReady);
  }
}

void TitleScene::draw(sf::RenderTarget& target, double seconds, bool withName) {
  canvas_.clear(sf::Color::Black);
  backdrop_.draw(canvas_, {static_cast<float>(seconds * kDrift), 0.0f},
                 kLogicalHeight / kPixelsPerTile);
  sf::RenderStates tiles;
  tiles.texture = &art_.tiles;
  canvas_.draw(ground_, tiles);
  addRunners(seconds);
  sf::RenderStates sheet;
  sheet.texture = &art_.character;
  canvas_.draw(runners_, sheet);
  canvas_.display();
  sf::Sprite picture(canvas_.getTexture());
  picture.setScale(kScale, kScale);
  target.draw(picture);
  if (withName) {
    sf::Sprite name(art_.title);
    name.setScale(kNameScale, kNameScale);
    name.setPosition(namePosition(art_.title.getSize()));
    target.draw(name);
  }
}

}  // namespace coyote
