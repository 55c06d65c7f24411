#include "client/app/scene/body_renderer.h"

#include <algorithm>
#include <cmath>

#include "client/app/render/palette.h"
#include "client/app/render/shape_batch.h"
#include "client/app/scene/art/autotile.h"
#include "client/app/scene/art/tile_atlas.h"
#include "client/app/scene/world_drawing.h"
#include "client/app/scene/world_renderer.h"
#include "client/core/render_smoothing.h"
#include "sim/bodies/joint_step.h"
#include "sim/collision/obstacle_set.h"

namespace coyote {
namespace {

/// Farther than this in one tick is a respawn, not a motion to interpolate.
constexpr float kSnapDistance = 2.0f;

Vec2 smoothed(Vec2 before, Vec2 now, float alpha) {
  const float dx = now.x - before.x;
  const float dy = now.y - before.y;
  return dx * dx + dy * dy > kSnapDistance * kSnapDistance ? now : interpolate(before, now, alpha);
}

/// A box in whole logical pixels (never straddling two and blurring).
sf::FloatRect pixels(const Aabb& box) {
  return {std::round(box.position.x * kTile), std::round(box.position.y * kTile),
          std::round(box.size.x * kTile), std::round(box.size.y * kTile)};
}

void fill(sf::RenderTarget& target, const sf::RenderStates& states, sf::FloatRect rect,
          sf::Color color) {
  sf::RectangleShape shape({rect.width, rect.height});
  shape.setPosition(rect.left, rect.top);
  shape.setFillColor(color);
  target.draw(shape, states);
}

void bodyOutline(sf::RenderTarget& target, const sf::RenderStates& states, sf::FloatRect rect,
                 sf::Color color) {
  sf::RectangleShape shape({rect.width - 1.0f, rect.height - 1.0f});
  shape.setPosition(rect.left + 0.5f, rect.top + 0.5f);
  shape.setFillColor(sf::Color::Transparent);
  shape.setOutlineColor(color);
  shape.setOutlineThickness(0.5f);
  target.draw(shape, states);
}

/// What a crate is made of shows (docs/playing.md#the-window): wood, ice, rubber, or iron for a
/// heavy one.
struct CrateLook {
  sf::Color fill;
  sf::Color edge;
  bool riveted = false;
};

CrateLook crateLook(const Level& level, const CrateDefinition& crate) {
  constexpr float kHeavyMass = 4.0f;  // kg a tile: four times a wooden crate
  const Material& material =
      level.materials[crate.material < level.materials.size() ? crate.material : 0];
  if (material.friction < 0.5f) {
    return {{176, 214, 240}, {84, 136, 186}};
  }
  if (material.restitution >= 0.3f) {
    return {{222, 118, 170}, {128, 48, 98}};
  }
  if (crate.mass >= kHeavyMass * crate.size.x * crate.size.y) {
    return {{138, 144, 160}, {66, 70, 86}, true};
  }
  return {palette::kCrate, palette::kCrateEdge};
}

void drawCrate(ShapeBatch& batch, sf::FloatRect rect, const CollisionFilter& filter,
               const CrateLook& look) {
  // A crate a player walks through is only an outline; one of another group is pale; the rest
  // are wooden.
  if (!filter.interactsWith(characterFilter(false))) {
    batch.frame(rect, palette::kGhostCrate);
    return;
  }
  if (filter != kDefaultCrateFilter) {
    batch.rect(rect, palette::kGhostCrate);
    return;
  }
  batch.rect(rect, look.edge);
  batch.rect({rect.left + 1.0f, rect.top + 1.0f, rect.width - 2.0f, rect.height - 2.0f}, look.fill);
  if (look.riveted) {  // an iron crate: a rivet in each corner
    for (const float x : {rect.left + 2.0f, rect.left + rect.width - 3.0f}) {
      for (const float y : {rect.top + 2.0f, rect.top + rect.height - 3.0f}) {
        batch.rect({x, y, 1.0f, 1.0f}, look.edge);
      }
    }
    return;
  }
  // The diagonal brace of a wooden (or frozen, or rubber) crate.
  batch.line({rect.left + 1.0f, rect.top + rect.height - 1.0f},
             {rect.left + rect.width - 1.0f, rect.top + 1.0f}, look.edge);
}

// A checkpoint: a pole standing on its respawn point, a pennant at the top.
void drawFlag(ShapeBatch& batch, Vec2 foot) {
  const float x = std::round(foot.x * kTile);
  const float bottom = std::round(foot.y * kTile);
  batch.rect({x, bottom - 20.0f, 1.0f, 20.0f}, palette::kCheckpointPole);
  batch.triangle({x + 1.0f, bottom - 20.0f}, {x + 9.0f, bottom - 17.0f}, {x + 1.0f, bottom - 14.0f},
                 palette::kCheckpoint);
}

// A race's start: a translucent band with an outline; its finish: a chequered band, 4-px squares.
void drawRaceRegions(ShapeBatch& batch, const RaceDefinition& race) {
  const sf::FloatRect start = pixels(race.start);
  batch.rect(start, palette::kRaceStart);
  batch.frame(start, palette::kRaceStartEdge);
  const sf::FloatRect finish = pixels(race.finish);
  constexpr float kSquare = 4.0f;
  for (float y = 0.0f; y < finish.height; y += kSquare) {
    for (float x = 0.0f; x < finish.width; x += kSquare) {
      const bool dark = static_cast<int>((x + y) / kSquare) % 2 != 0;
      batch.rect({finish.left + x, finish.top + y, std::min(kSquare, finish.width - x),
                  std::min(kSquare, finish.height - y)},
                 dark ? palette::kRaceFinishDark : palette::kRaceFinishLight);
    }
  }
}

/// A moving platform from the tileset (docs/art.md#the-tileset): a one-way one as the wooden
/// ledge, a solid one as steel girder, a piece a tile along its top, its ends capped; the last
/// piece and a platform thinner than a tile cut to size.
void drawPlatformArt(ShapeBatch& batch, sf::FloatRect rect, bool oneWay) {
  const int first = oneWay ? atlas::kLedgeLeft : atlas::kGirderLeft;
  // A ledge's plank and brackets hang below its top whatever its height: one row of pieces.
  // Steel fills the platform, the last row cut to its height.
  const float bottom = oneWay ? rect.top + kTile : rect.top + rect.height;
  const auto columns = static_cast<int>(std::ceil(rect.width / kTile));
  for (int column = 0; column < columns; ++column) {
    const int part = column == 0 ? 0 : (column == columns - 1 ? 2 : 1);
    const float left = rect.left + static_cast<float>(column) * kTile;
    const float width = std::min(kTile, rect.left + rect.width - left);
    for (float top = rect.top; top < bottom; top += kTile) {
      const float height = std::min(kTile, bottom - top);
      sf::IntRect source = atlas::tileRect(first + part);
      source.width = static_cast<int>(width);
      source.height = static_cast<int>(height);
      batch.sprite({left, top, width, height}, source, sf::Color::White);
    }
  }
}

/// The track a rail's crate centre runs along, limits to limits (at most 8 tiles either way).
std::pair<Vec2, Vec2> railEnds(const JointDefinition& joint, Vec2 to) {
  const float lower = std::max(joint.lower, -8.0f);
  const float upper = std::min(joint.upper, 8.0f);
  const Vec2 start = to + joint.offset;
  return {start + joint.axis * lower, start + joint.axis * upper};
}

/// `piece`'s band (rows `top` to `top + height` of its tile) laid along `from` → `to` (pixels):
/// pieces of `step` pixels end to end, the last one cut; `stretch` (a spring's coil) instead
/// spreads `pieces` whole pieces over the length, so the coil squeezes and stretches with it.
struct Band {
  int piece;
  int top;
  int height;
  int pieces = 0;  ///< 0: pieces of 16 px, the last one cut
};
void drawBand(ShapeBatch& batch, sf::Vector2f from, sf::Vector2f to, const Band& band) {
  const sf::Vector2f along = to - from;
  const float length = std::sqrt(along.x * along.x + along.y * along.y);
  if (length < 1.0f) {
    return;
  }
  const sf::IntRect tile = atlas::tileRect(band.piece);
  const float step = band.pieces > 0 ? length / static_cast<float>(band.pieces) : kTile;
  for (float done = 0.0f; done < length - 0.01f; done += step) {
    const float piece = std::min(step, length - done);
    const float texels = band.pieces > 0 ? kTile : piece;
    batch.band(from + along * (done / length), from + along * ((done + piece) / length),
               {static_cast<float>(tile.left), static_cast<float>(tile.top + band.top), texels,
                static_cast<float>(band.height)},
               sf::Color::White);
  }
}

/// A coil: a zigzag of 8 turns, 3 px either side of the line between the ends.
void drawCoil(ShapeBatch& batch, Vec2 from, Vec2 to) {
  constexpr int kTurns = 8;
  const float dx = to.x - from.x;
  const float dy = to.y - from.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (length == 0.0f) {
    return;
  }
  const float side = 3.0f / kTile / length;  // 3 px across, as a fraction of the length
  sf::Vector2f previous = toPixels(from);
  for (int i = 1; i <= 2 * kTurns; ++i) {
    const float t = static_cast<float>(i) / (2.0f * kTurns);
    const float across = i == 2 * kTurns ? 0.0f : (i % 2 == 0 ? -side : side);
    const sf::Vector2f next =
        toPixels({from.x + dx * t - dy * across, from.y + dy * t + dx * across});
    batch.line(previous, next, palette::kSpring);
    previous = next;
  }
}

}  // namespace

BodyRenderer::BodyRenderer(const Level& level, const sf::Texture* tiles)
    : level_(level), tiles_(tiles) {
  const sf::IntRect white = atlas::tileRect(atlas::kWhite);
  batch_.setFlatTexel(
      {static_cast<float>(white.left) + 8.0f, static_cast<float>(white.top) + 8.0f});
  for (const PlatformDefinition& platform : level.platforms) {
    const std::size_t count = platform.path.size();
    const std::size_t segments = platform.mode == PathMode::Loop ? count : count - 1;
    for (std::size_t i = 0; i < segments && count > 1; ++i) {
      const Vec2 from = platform.path[i];
      const Vec2 to = platform.path[(i + 1) % count];
      // The path of the platform's centre, where a player sees it travel.
      const Vec2 half = platform.size * 0.5f;
      paths_.append({{(from.x + half.x) * kTile, (from.y + half.y) * kTile}, palette::kDebugPath});
      paths_.append({{(to.x + half.x) * kTile, (to.y + half.y) * kTile}, palette::kDebugPath});
    }
  }
}

template <class Visitor>
void BodyRenderer::forEachBody(const WorldState& previous, const WorldState& current, float alpha,
                               Visitor&& visit) const {
  const auto platforms = levelPlatforms(current, level_);
  for (std::size_t i = 0; i < platforms.size(); ++i) {
    const PlatformDefinition& definition = level_.platforms[i];
    const Vec2 position = smoothed(previous.platforms[i].position, platforms[i].position, alpha);
    visit(Aabb{position, definition.size}, true, definition.oneWay, false, definition.filter,
          nullptr);
  }
  for (const Crate& crate : levelCrates(current, level_)) {
    const CrateDefinition* definition = crateDefinition(level_, crate.id);
    if (!crate.present() || definition == nullptr) {
      continue;
    }
    const Crate* before = findCrate(previous, level_, crate.id);
    const Vec2 position =
        before == nullptr ? crate.position : smoothed(before->position, crate.position, alpha);
    visit(Aabb{position, definition->size}, false, false, crate.support != kNoBody,
          definition->filter, definition);
  }
}

void BodyRenderer::drawJoints(ShapeBatch& batch, const WorldState& previous,
                              const WorldState& current, float alpha) const {
  for (std::size_t i = 0; i < level_.joints.size() && i < current.joints.size(); ++i) {
    Vec2 body;
    Vec2 to;
    Vec2 bodyBefore;
    Vec2 toBefore;
    if (current.joints[i].broken || !jointEnds(current, level_, i, body, to)) {
      continue;
    }
    if (jointEnds(previous, level_, i, bodyBefore, toBefore)) {
      body = smoothed(bodyBefore, body, alpha);
      to = smoothed(toBefore, to, alpha);
    }
    const JointDefinition& joint = level_.joints[i];
    if (tiles_ != nullptr && joint.kind != JointKind::Weld) {
      drawJointArt(batch, joint, body, to);
      continue;
    }
    switch (joint.kind) {
      case JointKind::Rope:
        batch.line(toPixels(body), toPixels(to), palette::kRope);
        break;
      case JointKind::Spring:
        drawCoil(batch, body, to);
        break;
      case JointKind::Rail: {
        const auto [start, end] = railEnds(joint, to);
        batch.line(toPixels(start), toPixels(end), palette::kRail);
        break;
      }
      case JointKind::Weld:
        batch.line(toPixels(body), toPixels(to), palette::kWeld);
        break;
    }
  }
}

// From the tileset (docs/art.md#the-tileset): a rope of twisted strands, a spring's coil of four
// pieces that squeezes and stretches, a rail's track of sleepers.
void BodyRenderer::drawJointArt(ShapeBatch& batch, const JointDefinition& joint, Vec2 body,
                                Vec2 to) const {
  if (joint.kind == JointKind::Rope) {
    drawBand(batch, toPixels(to), toPixels(body), {atlas::kRope, 6, 4});
  } else if (joint.kind == JointKind::Spring) {
    drawBand(batch, toPixels(to), toPixels(body), {atlas::kCoil, 4, 8, 4});
  } else if (joint.kind == JointKind::Rail) {
    const auto [start, end] = railEnds(joint, to);
    drawBand(batch, toPixels(start), toPixels(end), {atlas::kRail, 4, 8});
  }
}

void BodyRenderer::draw(sf::RenderTarget& target, Vec2 camera, const WorldState& previous,
                        const WorldState& current, float alpha) const {
  ShapeBatch& batch = batch_;
  batch.clear();
  for (const CheckpointDefinition& checkpoint : level_.checkpoints) {
    if (tiles_ == nullptr) {
      drawFlag(batch, checkpoint.respawnPoint());
    }
  }
  if (level_.race.present) {
    drawRaceRegions(batch, level_.race);
  }
  drawJoints(batch, previous, current, alpha);
  forEachBody(previous, current, alpha,
              [&](const Aabb& box, bool platform, bool oneWay, bool, const CollisionFilter& filter,
                  const CrateDefinition* crate) {
                const sf::FloatRect rect = pixels(box);
                if (!platform) {
                  drawCrate(batch, rect, filter, crateLook(level_, *crate));
                } else if (tiles_ != nullptr) {
                  drawPlatformArt(batch, rect, oneWay);
                } else if (oneWay) {
                  batch.rect({rect.left, rect.top, rect.width, 3.0f}, palette::kOneWay);
                } else {
                  batch.rect(rect, palette::kPlatform);
                  batch.rect({rect.left, rect.top, rect.width, 1.0f}, palette::kPlatformEdge);
                }
              });
  sf::RenderStates states(WorldRenderer::worldToLogical(camera));
  states.texture = tiles_;     // the platforms' pieces; flat shapes sample its white tile
  batch.draw(target, states);  // one draw call
}

void BodyRenderer::drawDebug(sf::RenderTarget& target, Vec2 camera, const WorldState& previous,
                             const WorldState& current, float alpha) const {
  const sf::RenderStates states(WorldRenderer::worldToLogical(camera));
  target.draw(paths_, states);
  forEachBody(
      previous, current, alpha,
      [&](const Aabb& box, bool, bool, bool supported, const CollisionFilter&,
          const CrateDefinition*) {
        const sf::FloatRect rect = pixels(box);
        bodyOutline(target, states, rect, palette::kDebugBody);
        if (supported) {  // resting on a body: its contact, at the middle of its bottom edge
          fill(target, states,
               {rect.left + rect.width * 0.5f - 1.0f, rect.top + rect.height - 1.0f, 2.0f, 2.0f},
               palette::kDebugContact);
        }
      });
}

}  // namespace coyote
