#include "client/app/scene/ghost_view.h"

#include <cmath>

#include <fmt/format.h>

#include "client/app/render/palette.h"
#include "client/app/render/text_batch.h"
#include "client/app/scene/art/character_sprites.h"
#include "client/app/scene/world_drawing.h"
#include "client/app/scene/world_renderer.h"
#include "match/race_time.h"

namespace coyote {
namespace {

/// Positions closer than this (tiles) are the same height: a ghost's path is stored to 1/256 px.
constexpr float kLevel = 1e-3f;
/// Faster than this sideways (tiles/s, 1.5 × a run) a ghost is dashing.
constexpr float kDashSpeed = 13.5f;
/// The ghosts' sprites: their colour, less see-through than their boxes' fill.
constexpr sf::Uint8 kRunnerAlpha = 150;

}  // namespace

std::optional<Vec2> ghostPosition(const LoadedGhost& ghost, const Character& local, float alpha,
                                  std::int32_t tickRate) {
  if (local.runTicks < 0 || ghost.positions.empty()) {
    return std::nullopt;
  }
  const auto tick = static_cast<std::size_t>(local.runTicks);
  const std::size_t last = ghost.positions.size() - 1;
  if (tick > last + static_cast<std::size_t>(tickRate)) {
    return std::nullopt;
  }
  if (tick >= last) {
    return ghost.positions[last];  // finished: it waits at the line for a second
  }
  const Vec2 from = ghost.positions[tick];
  const Vec2 to = ghost.positions[tick + 1];
  return Vec2{from.x + (to.x - from.x) * alpha, from.y + (to.y - from.y) * alpha};
}

std::optional<GhostMotion> ghostMotion(const LoadedGhost& ghost, const Character& local,
                                       float alpha, std::int32_t tickRate) {
  const std::optional<Vec2> at = ghostPosition(ghost, local, alpha, tickRate);
  if (!at) {
    return std::nullopt;
  }
  const std::vector<Vec2>& path = ghost.positions;
  const std::size_t last = path.size() - 1;
  const std::size_t tick = std::min(static_cast<std::size_t>(local.runTicks), last);
  const std::size_t next = std::min(tick + 1, last);
  const std::size_t from = next > 0 ? next - 1 : 0;
  GhostMotion motion;
  motion.position = *at;
  if (tick < last) {  // waiting at the finish, it stands
    motion.velocity = (path[next] - path[from]) * static_cast<float>(tickRate);
  }
  const std::size_t before = from > 0 ? from - 1 : from;
  motion.grounded = std::abs(path[next].y - path[from].y) < kLevel &&
                    std::abs(path[from].y - path[before].y) < kLevel;
  for (std::size_t i = next; i > 0 && next - i < static_cast<std::size_t>(tickRate); --i) {
    const float dx = path[i].x - path[i - 1].x;
    if (std::abs(dx) > kLevel) {
      motion.facing = dx < 0.0f ? -1 : 1;
      break;
    }
  }
  return motion;
}

AnimationInput ghostAnimation(const GhostMotion& motion, double renderTick) {
  AnimationInput input;
  input.grounded = motion.grounded;
  input.dashing = std::abs(motion.velocity.x) > kDashSpeed;
  input.position = motion.position;
  input.velocity = motion.velocity;
  input.renderTick = renderTick;
  return input;
}

void drawGhost(sf::RenderTarget& canvas, Vec2 camera, const LoadedGhost& ghost, sf::Color colour,
               const Character& local, float alpha, const PhysicsConfig& physics,
               const sf::Texture* sheet) {
  const std::optional<GhostMotion> motion = ghostMotion(ghost, local, alpha, physics.tickRate);
  if (!motion) {
    return;
  }
  if (sheet == nullptr) {
    sf::RectangleShape box(toPixels({physics.playerWidth, physics.playerHeight}));
    box.setPosition(toPixels(motion->position - camera));
    box.setFillColor(colour);
    box.setOutlineColor(sf::Color(colour.r, colour.g, colour.b, 200));
    box.setOutlineThickness(-1.0f);
    canvas.draw(box);
    return;
  }
  const double runTick = static_cast<double>(local.runTicks) + static_cast<double>(alpha);
  const AnimationFrame frame = animate(ghostAnimation(*motion, runTick));
  const sf::Vector2f feet = toPixels(
      {motion->position.x + physics.playerWidth * 0.5f, motion->position.y + physics.playerHeight});
  const sf::Color runner(colour.r, colour.g, colour.b, kRunnerAlpha);
  const int row = static_cast<int>(frame.pose);
  sf::VertexArray vertices(sf::Triangles);
  appendCharacterFrame(vertices, feet, frame.frame, row, frame, motion->facing, runner);
  appendCharacterFrame(vertices, feet, kScarfColumns + frame.frame, row, frame, motion->facing,
                       runner);
  sf::RenderStates states(WorldRenderer::worldToLogical(camera));
  states.texture = sheet;
  canvas.draw(vertices, states);
}

void drawGhosts(sf::RenderTarget& canvas, Vec2 camera, const RaceGhosts& ghosts,
                const Character& local, float alpha, const PhysicsConfig& physics,
                const sf::Texture* sheet) {
  if (ghosts.record()) {
    drawGhost(canvas, camera, *ghosts.record(), palette::kGhostRecord, local, alpha, physics,
              sheet);
  }
  if (ghosts.best()) {
    drawGhost(canvas, camera, *ghosts.best(), palette::kGhostBest, local, alpha, physics, sheet);
  }
}

void drawGhostLabels(sf::RenderTarget& window, const Viewport& viewport, Vec2 camera,
                     const RaceGhosts& ghosts, const Character& local, float alpha,
                     const PhysicsConfig& physics, const sf::Font& font) {
  const float scale = static_cast<float>(viewport.scale);
  const auto size = static_cast<unsigned>(3 * viewport.scale + 2);
  TextBatch labels(font, size, 1.0f);
  const auto label = [&](const LoadedGhost& ghost, const std::string& text, sf::Color colour) {
    const std::optional<Vec2> at = ghostPosition(ghost, local, alpha, physics.tickRate);
    if (!at) {
      return;
    }
    const float centreX = (at->x + physics.playerWidth * 0.5f - camera.x) * kTile * scale;
    const float top = (at->y - camera.y) * kTile * scale;
    labels.add(text,
               {std::round(viewport.offsetX + centreX - labels.width(text) * 0.5f),
                std::round(viewport.offsetY + top - static_cast<float>(size) - 3.0f * scale)},
               sf::Color(colour.r, colour.g, colour.b), sf::Color(0, 0, 0, 200));
  };
  if (ghosts.record()) {
    label(*ghosts.record(),
          fmt::format("record: {} {}", ghosts.record()->player,
                      formatRaceTime(ghosts.record()->timeUs)),
          palette::kGhostRecord);
  }
  if (ghosts.best()) {
    label(*ghosts.best(), "your best " + formatRaceTime(ghosts.best()->timeUs),
          palette::kGhostBest);
  }
  labels.draw(window);
}

}  // namespace coyote
