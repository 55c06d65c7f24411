#include "client/app/scene/world_renderer.h"

#include <cmath>

#include "client/app/render/palette.h"
#include "client/app/render/shape_batch.h"
#include "client/app/render/text_batch.h"
#include "client/app/scene/art/autotile.h"
#include "client/app/scene/art/tile_atlas.h"
#include "client/app/scene/world_drawing.h"
#include "sim/collision/slope.h"

namespace coyote {
namespace {

constexpr int kRoundedSegments = 12;

void addTriangle(sf::VertexArray& array, sf::Vector2f a, sf::Vector2f b, sf::Vector2f c,
                 sf::Color color) {
  array.append({a, color});
  array.append({b, color});
  array.append({c, color});
}

void addRect(sf::VertexArray& array, float x, float y, float width, float height, sf::Color color) {
  addTriangle(array, {x, y}, {x + width, y}, {x + width, y + height}, color);
  addTriangle(array, {x, y}, {x + width, y + height}, {x, y + height}, color);
}

// A followable tile: the area under its surface, as thin vertical strips.
void addSurfaceTile(sf::VertexArray& array, float x, float y, TileType type, sf::Color color) {
  const int segments =
      (type == TileType::SlopeUpRight || type == TileType::SlopeUpLeft) ? 1 : kRoundedSegments;
  for (int i = 0; i < segments; ++i) {
    const float left = static_cast<float>(i) / segments;
    const float right = static_cast<float>(i + 1) / segments;
    // Sample just inside the segment ends so the formulas stay in [0, 1).
    const float topLeft = y + kTile * slopeSurfaceHeight(type, std::min(left, 0.9999f));
    const float topRight = y + kTile * slopeSurfaceHeight(type, std::min(right, 0.9999f));
    const float x0 = x + kTile * left;
    const float x1 = x + kTile * right;
    addTriangle(array, {x0, topLeft}, {x1, topRight}, {x1, y + kTile}, color);
    addTriangle(array, {x0, topLeft}, {x1, y + kTile}, {x0, y + kTile}, color);
  }
}

void addSpikes(sf::VertexArray& array, float x, float y) {
  for (int i = 0; i < 3; ++i) {
    const float left = x + static_cast<float>(i) * kTile / 3.0f;
    addTriangle(array, {left, y + kTile}, {left + kTile / 6.0f, y + kTile * 0.45f},
                {left + kTile / 3.0f, y + kTile}, palette::kHazard);
  }
}

enum class Surface { Stone, Ice, Rubber };

Surface surfaceOf(const Material& material) {
  if (material.friction < 0.5f) {
    return Surface::Ice;
  }
  return material.restitution >= 0.3f ? Surface::Rubber : Surface::Stone;
}

// What a solid tile is made of shows: ice is pale blue, a springy one pink
// (docs/levels.md#materials).
sf::Color solidColor(const Material& material) {
  switch (surfaceOf(material)) {
    case Surface::Ice:
      return palette::kIce;
    case Surface::Rubber:
      return palette::kBouncy;
    default:
      return palette::kSolid;
  }
}

// A tile of the atlas at (x, y), logical pixels: two triangles with their texture corners.
void addPiece(sf::VertexArray& array, float x, float y, int index) {
  appendQuad(array, {x, y, kTile, kTile}, sf::FloatRect(atlas::tileRect(index)), sf::Color::White);
}

// The piece a solid, slope or rounded tile is drawn with: by its material, and for a solid one
// by its neighbours.
int groundPiece(const Level& level, int column, int row, TileType type) {
  const Surface surface = surfaceOf(level.materialAt(column, row));
  if (type != TileType::Solid) {
    const int shape = static_cast<int>(type) - static_cast<int>(TileType::SlopeUpRight);
    return surface == Surface::Stone ? atlas::kSlopes + shape
           : surface == Surface::Ice ? atlas::kIceSlopes + shape
                                     : atlas::kIceSlopes + 4 + shape;
  }
  const int base = surface == Surface::Stone ? atlas::kStoneBlob
                   : surface == Surface::Ice ? atlas::kIceBlob
                                             : atlas::kRubberBlob;
  return base + blobPiece(solidNeighbours(level, column, row));
}

// A one-way ledge's end or middle, from its neighbours in the row.
int ledgePiece(const Level& level, int column, int row) {
  const bool left = level.tileAt(column - 1, row) == TileType::OneWay;
  const bool right = level.tileAt(column + 1, row) == TileType::OneWay;
  if (left == right) {
    return left ? atlas::kLedgeLeft + 1 : atlas::kOneWay;
  }
  return right ? atlas::kLedgeLeft : atlas::kLedgeLeft + 2;
}

}  // namespace

WorldRenderer::WorldRenderer(const Level& level, const PhysicsConfig& physics, const ArtAssets* art)
    : art_(art), playerSize_{physics.playerWidth, physics.playerHeight} {
  for (sf::VertexArray& frame : waterSurface_) {
    frame.setPrimitiveType(sf::Triangles);
  }
  for (const CheckpointDefinition& checkpoint : level.checkpoints) {
    flagFeet_.push_back(checkpoint.respawnPoint());
  }
  buildTiles(level);
}

void WorldRenderer::buildTiles(const Level& level) {
  for (int row = 0; row < level.height(); ++row) {
    for (int column = 0; column < level.width(); ++column) {
      if (art_ != nullptr) {
        addArtTile(level, column, row);
      } else {
        addFlatTile(level, column, row);
      }
    }
  }
}

void WorldRenderer::addArtTile(const Level& level, int column, int row) {
  const float x = static_cast<float>(column) * kTile;
  const float y = static_cast<float>(row) * kTile;
  const TileType type = level.tileAt(column, row);
  switch (type) {
    case TileType::Empty:
      break;
    case TileType::OneWay:
      addPiece(tiles_, x, y, ledgePiece(level, column, row));
      break;
    case TileType::Hazard:
      addPiece(tiles_, x, y, atlas::kSpikes);
      break;
    case TileType::Water:
      if (level.tileAt(column, row - 1) == TileType::Water) {
        addPiece(water_, x, y, atlas::kWaterBody);
      } else {
        for (int frame = 0; frame < atlas::kWaterFrames; ++frame) {
          addPiece(waterSurface_[static_cast<std::size_t>(frame)], x, y,
                   atlas::kWaterSurface + frame);
        }
      }
      break;
    default:
      addPiece(tiles_, x, y, groundPiece(level, column, row, type));
  }
}

void WorldRenderer::addFlatTile(const Level& level, int column, int row) {
  const float x = static_cast<float>(column) * kTile;
  const float y = static_cast<float>(row) * kTile;
  const TileType type = level.tileAt(column, row);
  switch (type) {
    case TileType::Solid:
      addRect(tiles_, x, y, kTile, kTile, solidColor(level.materialAt(column, row)));
      if (!isSolid(level.tileAt(column, row - 1))) {
        addRect(tiles_, x, y, kTile, 1.0f, palette::kSolidEdge);
      }
      break;
    case TileType::OneWay:
      addRect(tiles_, x, y, kTile, 4.0f, palette::kOneWay);
      break;
    case TileType::SlopeUpRight:
    case TileType::SlopeUpLeft:
    case TileType::RoundedUpRight:
    case TileType::RoundedUpLeft:
      addSurfaceTile(tiles_, x, y, type, palette::kSlope);
      break;
    case TileType::Water:
      addRect(water_, x, y, kTile, kTile, palette::kWater);
      if (level.tileAt(column, row - 1) != TileType::Water) {
        addRect(water_, x, y, kTile, 1.0f, palette::kWaterSurface);
      }
      break;
    case TileType::Hazard:
      addSpikes(tiles_, x, y);
      break;
    case TileType::Empty:
      break;
  }
}

sf::Transform WorldRenderer::worldToLogical(Vec2 camera) {
  sf::Transform transform;
  transform.translate(-camera.x * kTile, -camera.y * kTile);
  return transform;
}

void WorldRenderer::drawTiles(sf::RenderTarget& target, Vec2 camera) const {
  sf::RenderStates states(worldToLogical(camera));
  states.texture = art_ != nullptr ? &art_->tiles : nullptr;
  target.draw(tiles_, states);
}

void WorldRenderer::drawFlags(sf::RenderTarget& target, Vec2 camera, int raised) const {
  if (art_ == nullptr || flagFeet_.empty()) {
    return;
  }
  sf::VertexArray flags(sf::Triangles);
  for (std::size_t i = 0; i < flagFeet_.size(); ++i) {
    // The flag's pole stands 4 px into its tile, on the tile's bottom row.
    const float x = std::round(flagFeet_[i].x * kTile) - 4.0f;
    const float y = std::round(flagFeet_[i].y * kTile) - kTile;
    addPiece(flags, x, y, static_cast<int>(i) == raised ? atlas::kFlagUp : atlas::kFlagDown);
  }
  sf::RenderStates states(worldToLogical(camera));
  states.texture = &art_->tiles;
  target.draw(flags, states);
}

void WorldRenderer::drawCharacters(sf::RenderTarget& target, Vec2 camera,
                                   const std::vector<DrawnCharacter>& characters,
                                   double renderTick) const {
  sf::RenderStates states(worldToLogical(camera));
  if (art_ != nullptr) {  // the sprites are drawn by CharacterSprites; the water goes on top
    states.texture = &art_->tiles;
    target.draw(water_, states);
    constexpr double kTicksPerFrame = 9.0;
    const auto frame = static_cast<std::size_t>(renderTick / kTicksPerFrame) % waterSurface_.size();
    target.draw(waterSurface_[frame], states);
    return;
  }
  for (const DrawnCharacter& character : characters) {
    // Whole logical pixels: a box never straddles two pixels and blurs.
    const float left = std::round(character.position.x * kTile);
    const float top = std::round(character.position.y * kTile);
    const float width = std::round(playerSize_.x * kTile);
    const float height = std::round(playerSize_.y * kTile);
    sf::RectangleShape body({width, height});
    body.setPosition(left, top);
    body.setFillColor(character.local ? palette::kLocalPlayer : palette::kRemotePlayer);
    target.draw(body, states);
    sf::RectangleShape eye({2.0f, 2.0f});
    const int facing = character.state != nullptr ? character.state->facing : 1;
    eye.setPosition(facing > 0 ? left + width - 3.0f : left + 1.0f, top + 2.0f);
    eye.setFillColor(palette::kEye);
    target.draw(eye, states);
  }
  target.draw(water_, states);  // translucent, in front of whoever swims
}

void WorldRenderer::drawNames(sf::RenderTarget& window, const Viewport& viewport, Vec2 camera,
                              const std::vector<DrawnCharacter>& characters,
                              const sf::Font& font) const {
  const float scale = static_cast<float>(viewport.scale);
  const auto size = static_cast<unsigned>(3 * viewport.scale + 2);
  TextBatch names(font, size, 1.0f);  // every name in one draw call
  for (const DrawnCharacter& character : characters) {
    const float centreX = (character.position.x + playerSize_.x * 0.5f - camera.x) * kTile * scale;
    const float top = (character.position.y - camera.y) * kTile * scale;
    // The letters' x-height ends 3 logical pixels above the head.
    names.add(character.name,
              {std::round(viewport.offsetX + centreX - names.width(character.name) * 0.5f),
               std::round(viewport.offsetY + top - static_cast<float>(size) - 3.0f * scale)},
              character.local ? palette::kLocalPlayer : sf::Color(230, 230, 240),
              sf::Color(0, 0, 0, 200));
  }
  names.draw(window);
}

}  // namespace coyote
