#pragma once

#include <SFML/Graphics.hpp>

#include "client/app/render/shape_batch.h"

#include "sim/state/level.h"
#include "sim/state/world_state.h"

namespace coyote {

/// Draws the checkpoints, the moving platforms and the crates, interpolated between two ticks like
/// the characters (a crate that jumped more than two tiles in a tick, a respawn, is drawn where it
/// is now), and, for the F1 overlay, their boxes, their contacts and the platforms' paths.
class BodyRenderer {
 public:
  /// `tiles`: the tileset of the art (nullptr: flat colours). With it, moving platforms are its
  /// ledge and stone pieces and the flags are WorldRenderer's; without it, shapes.
  explicit BodyRenderer(const Level& level, const sf::Texture* tiles = nullptr);

  /// Joints, platforms and crates in logical pixels, seen from `camera` (top-left, tiles).
  void draw(sf::RenderTarget& target, Vec2 camera, const WorldState& previous,
            const WorldState& current, float alpha) const;

  /// Paths, outlines and contact marks (the F1 overlay).
  void drawDebug(sf::RenderTarget& target, Vec2 camera, const WorldState& previous,
                 const WorldState& current, float alpha) const;

 private:
  /// Calls `visit(box, isPlatform, oneWay, grounded, filter)` for each body at its interpolated
  /// place.
  template <class Visitor>
  void forEachBody(const WorldState& previous, const WorldState& current, float alpha,
                   Visitor&& visit) const;

  /// Ropes, springs (a coil), rail tracks and welds under the bodies; broken ones are gone.
  void drawJoints(ShapeBatch& batch, const WorldState& previous, const WorldState& current,
                  float alpha) const;
  /// One rope, spring or rail from the tileset's pieces, `body` the crate's end, `to` the other.
  void drawJointArt(ShapeBatch& batch, const JointDefinition& joint, Vec2 body, Vec2 to) const;

  const Level& level_;
  sf::VertexArray paths_{sf::Lines};
  const sf::Texture* tiles_;
  mutable ShapeBatch batch_;  ///< this frame's shapes, drawn at once (its memory kept)
};

}  // namespace coyote
