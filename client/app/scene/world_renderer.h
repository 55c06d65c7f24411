#pragma once

#include <array>
#include <string>
#include <vector>

#include <SFML/Graphics.hpp>

#include "client/app/scene/art/art_assets.h"
#include "client/core/viewport.h"
#include "sim/state/level.h"
#include "sim/state/physics_config.h"
#include "sim/state/world_state.h"

namespace coyote {

/// A character as it is drawn this frame: interpolated, smoothed, with its name.
struct DrawnCharacter {
  int slot = 0;
  Vec2 position;  ///< top-left, tiles
  const Character* state = nullptr;
  bool local = false;
  std::string name;
};

/// Draws the level and the characters in logical pixels (16 per tile) into a 320 × 240 target,
/// and the names at window resolution on top. The tiles are built once into vertex arrays (one
/// draw call for the ground, one for the water): with the art, textured from the tileset with
/// solid tiles autotiled from their neighbours (docs/art.md#the-tileset); without it, flat
/// colours, slopes as triangles and rounded tiles from the same `slopeSurfaceHeight` the physics
/// follows.
class WorldRenderer {
 public:
  /// `art` may be nullptr (flat colours); it must outlive the renderer.
  WorldRenderer(const Level& level, const PhysicsConfig& physics, const ArtAssets* art = nullptr);

  /// The tiles, seen from `camera` (top-left, tiles).
  void drawTiles(sf::RenderTarget& target, Vec2 camera) const;

  /// With the art, the checkpoints' flags: raised on `raised` (the local player's checkpoint,
  /// -1 for none), down elsewhere (docs/art.md#the-tileset). Without it, BodyRenderer's shapes.
  void drawFlags(sf::RenderTarget& target, Vec2 camera, int raised) const;

  /// The characters as flat boxes (without art), then the water in front of them, its surface
  /// waving with `renderTick`.
  void drawCharacters(sf::RenderTarget& target, Vec2 camera,
                      const std::vector<DrawnCharacter>& characters, double renderTick = 0.0) const;

  /// Names above the characters, in window pixels, so text stays sharp at any scale.
  void drawNames(sf::RenderTarget& window, const Viewport& viewport, Vec2 camera,
                 const std::vector<DrawnCharacter>& characters, const sf::Font& font) const;

  /// The transform from tiles to logical pixels for a camera.
  static sf::Transform worldToLogical(Vec2 camera);

 private:
  /// The level's tiles into the batches, drawn with the art or (without it) in flat colours.
  void buildTiles(const Level& level);
  void addArtTile(const Level& level, int column, int row);
  void addFlatTile(const Level& level, int column, int row);

  const ArtAssets* art_;
  std::vector<Vec2> flagFeet_;  ///< each checkpoint's respawn point, where its pole stands
  sf::VertexArray tiles_{sf::Triangles};
  sf::VertexArray water_{sf::Triangles};
  std::array<sf::VertexArray, 4> waterSurface_;  ///< with art: the surface's frames
  Vec2 playerSize_;
};

}  // namespace coyote
