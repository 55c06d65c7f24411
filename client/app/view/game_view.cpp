#include "client/app/view/game_view.h"

#include "client/app/scene/effect_renderer.h"

#include "client/app/render/palette.h"
#include "client/core/camera.h"

namespace coyote {

GameView::GameView(const Level& level, const PhysicsConfig& physics, const sf::Font& font,
                   const ArtAssets* art, bool shake)
    : level_(level),
      physics_(physics),
      font_(font),
      renderer_(level, physics, art),
      bodies_(level, art != nullptr ? &art->tiles : nullptr),
      debug_(level, physics),
      joints_(level),
      race_(level),
      scoreboard_(level),
      art_(art),
      rig_(shake) {
  fitCanvas(Viewport{});
  if (art != nullptr) {
    sprites_.emplace(*art, level, physics);
    backdrop_.emplace(*art);
  }
}

int GameView::placeCharacters(const FrameState& frame, const CorrectionSmoother& smoother,
                              std::vector<DrawnCharacter>& drawn) const {
  int followed = -1;
  for (std::size_t slot = 0; slot < frame.current.characters.size(); ++slot) {
    const Character& now = frame.current.characters[slot];
    if (!now.active) {
      continue;
    }
    const Character& before =
        frame.previous.characters[slot].active ? frame.previous.characters[slot] : now;
    const bool local = static_cast<int>(slot) == frame.localSlot;
    Vec2 position = interpolate(before.position, now.position, frame.alpha);
    if (!local) {
      const Vec2 offset = smoother.offset(static_cast<int>(slot));
      position += offset;
    }
    drawn.push_back(
        {static_cast<int>(slot), position, &now, local, frame.nameOf(static_cast<int>(slot))});
    if (local || (followed < 0 && frame.localSlot < 0)) {
      followed = static_cast<int>(drawn.size()) - 1;
    }
  }
  return followed;
}

Vec2 GameView::placeCamera(const FrameState& frame, const std::vector<DrawnCharacter>& drawn,
                           int followed, double renderTick, ViewTiles view) {
  Vec2 focus{level_.width() * 0.5f, level_.height() * 0.5f};
  Vec2 velocity;
  if (followed >= 0) {
    const DrawnCharacter& character = drawn[static_cast<std::size_t>(followed)];
    focus = {character.position.x + physics_.playerWidth * 0.5f,
             character.position.y + physics_.playerHeight * 0.5f};
    velocity = character.state->velocity;
    if (frame.effects != nullptr) {
      rig_.react(*frame.effects, static_cast<BodyId>(kCharacterIdBase + character.slot),
                 renderTick);
    }
  }
  const Vec2 camera =
      rig_.update(focus, velocity, frame.seconds, level_.width(), level_.height(), view);
  const Vec2 shake = rig_.shakeOffset(renderTick);
  return {camera.x + shake.x, camera.y + shake.y};
}

void GameView::fitCanvas(const Viewport& viewport) {
  const sf::Vector2u size(static_cast<unsigned>(viewport.logicalWidth),
                          static_cast<unsigned>(viewport.logicalHeight));
  if (canvas_.getSize() != size) {
    canvas_.create(size.x, size.y);
    canvas_.setSmooth(false);  // whole-number scaling of crisp pixels, never blurred
  }
}

namespace {

// The local player's character in the latest state, or nullptr for a spectator.
const Character* localCharacter(const FrameState& frame) {
  if (frame.localSlot < 0) {
    return nullptr;
  }
  const Character& local = frame.current.characters[static_cast<std::size_t>(frame.localSlot)];
  return local.active ? &local : nullptr;
}

}  // namespace

Vec2 GameView::viewCentre() const {
  return {camera_.x + view_.width * 0.5f, camera_.y + view_.height * 0.5f};
}

void GameView::draw(sf::RenderTarget& window, const FrameState& frame,
                    const CorrectionSmoother& smoother, DebugViews debug, const NetGraph* netGraph,
                    const std::string& status) {
  const sf::Vector2u size = window.getSize();
  const Viewport viewport = fitViewport(size.x, size.y, frame.zoom);
  fitCanvas(viewport);
  view_ = {viewport.tilesWide(), viewport.tilesHigh()};
  std::vector<DrawnCharacter> drawn;
  const double renderTick =
      static_cast<double>(frame.previous.tick) + static_cast<double>(frame.alpha);
  const int followed = placeCharacters(frame, smoother, drawn);
  camera_ = placeCamera(frame, drawn, followed, renderTick, view_);
  drawWorld(frame, drawn, camera_, debug, renderTick);

  window.setView(
      sf::View(sf::FloatRect(0.0f, 0.0f, static_cast<float>(size.x), static_cast<float>(size.y))));
  window.clear(palette::kLetterbox);
  sf::Sprite picture(canvas_.getTexture());
  picture.setScale(static_cast<float>(viewport.scale), static_cast<float>(viewport.scale));
  picture.setPosition(static_cast<float>(viewport.offsetX), static_cast<float>(viewport.offsetY));
  window.draw(picture);
  renderer_.drawNames(window, viewport, camera_, drawn, font_);
  if (const Character* local = localCharacter(frame); frame.ghosts != nullptr && local != nullptr) {
    drawGhostLabels(window, viewport, camera_, *frame.ghosts, *local, frame.alpha, physics_, font_);
  }
  drawOverlays(window, frame, debug, netGraph, status);
}

void GameView::drawWorld(const FrameState& frame, const std::vector<DrawnCharacter>& drawn,
                         Vec2 camera, DebugViews debug, double renderTick) {
  canvas_.clear(palette::kBackground);
  if (backdrop_) {
    backdrop_->draw(canvas_, camera, level_.height());
  }
  renderer_.drawTiles(canvas_, camera);
  bodies_.draw(canvas_, camera, frame.previous, frame.current, frame.alpha);
  const Character* local = localCharacter(frame);
  renderer_.drawFlags(canvas_, camera, local != nullptr ? local->checkpoint : -1);
  if (sprites_) {
    sprites_->draw(canvas_, camera, drawn, frame.effects, renderTick);
  }
  renderer_.drawCharacters(canvas_, camera, drawn, renderTick);
  // Over the characters, translucent: a ghost running where you run stays in sight.
  if (frame.ghosts != nullptr && local != nullptr) {
    drawGhosts(canvas_, camera, *frame.ghosts, *local, frame.alpha, physics_,
               art_ != nullptr ? &art_->character : nullptr);
  }
  if (frame.effects != nullptr) {
    drawEffects(canvas_, camera, *frame.effects, renderTick,
                art_ != nullptr ? &art_->particles : nullptr);
  }
  if (debug.collision) {
    debug_.drawWorld(canvas_, camera, frame.previous, frame.current, frame.alpha);
    bodies_.drawDebug(canvas_, camera, frame.previous, frame.current, frame.alpha);
  }
  if (debug.limits) {
    joints_.drawLimits(canvas_, camera, frame.current);
  }
  if (debug.joints) {
    joints_.drawJoints(canvas_, camera, frame.current);
  }
  canvas_.display();
}

// At window resolution, over the picture: the race HUD and scoreboard, the debug panel, the net
// graph and the status line.
void GameView::drawOverlays(sf::RenderTarget& window, const FrameState& frame, DebugViews debug,
                            const NetGraph* netGraph, const std::string& status) const {
  race_.draw(window, font_,
             {localCharacter(frame), frame.localSlot, frame.alpha, physics_.tickRate,
              static_cast<double>(frame.previous.tick) + static_cast<double>(frame.alpha),
              frame.race, frame.board});
  if (frame.scoreboard && frame.race != nullptr) {
    scoreboard_.draw(window, font_, frame.current, *frame.race, frame.nameOf, frame.board,
                     frame.localSlot < 0);
  }
  if (debug.collision) {
    debug_.drawPanel(window, font_, frame.current, frame.localSlot);
  }
  if (netGraph != nullptr) {
    netGraph->draw(window, font_);
  }
  if (!status.empty()) {
    sf::Text line(status, font_, 14);
    line.setPosition(8.0f, static_cast<float>(window.getSize().y) - 24.0f);
    line.setFillColor(sf::Color(230, 230, 240));
    line.setOutlineColor(sf::Color::Black);
    line.setOutlineThickness(1.0f);
    window.draw(line);
  }
}

}  // namespace coyote
