#pragma once

#include <functional>
#include <optional>
#include <string>

#include <SFML/Graphics.hpp>

#include "client/app/debug/debug_overlay.h"
#include "client/app/debug/joint_debug_view.h"
#include "client/app/hud/net_graph.h"
#include "client/app/hud/race_hud.h"
#include "client/app/hud/scoreboard.h"
#include "client/app/scene/art/backdrop.h"
#include "client/app/scene/art/character_sprites.h"
#include "client/app/scene/body_renderer.h"
#include "client/app/scene/ghost_view.h"
#include "client/app/scene/world_renderer.h"
#include "client/core/camera_rig.h"
#include "client/core/effect_list.h"
#include "client/core/render_smoothing.h"

namespace coyote {

/// The debug views a frame draws on top (docs/playing.md#debug-views).
struct DebugViews {
  bool collision = false;  ///< F1
  bool joints = false;     ///< F4
  bool limits = false;     ///< F5
};

/// What one frame shows: two ticks to interpolate between and who is who.
struct FrameState {
  const WorldState& previous;
  const WorldState& current;
  float alpha = 1.0f;
  int localSlot = -1;
  std::function<std::string(int)> nameOf;
  const EffectList* effects = nullptr;    ///< the events' effects, if any
  const RaceProgress* race = nullptr;     ///< the runs, if this is a live session
  const net::RaceBoard* board = nullptr;  ///< the race's board, once the server sent it
  bool scoreboard = false;                ///< Tab is held
  const RaceGhosts* ghosts = nullptr;     ///< the ghosts to draw behind the local runner (G)
  float seconds = 1.0f / 60.0f;           ///< since the last frame: the camera follows over it
  int zoom = 1;                           ///< window.zoom: 1 to kMaxZoom
};

/// Everything on screen: the world into a texture of logical pixels (320 × 240 at zoom 1, more at
/// a higher zoom), scaled by a whole number into the window, then names, overlays and the status
/// line at window resolution.
class GameView {
 public:
  /// `art` (nullptr: flat colours) must outlive the view; `shake`: window.screen_shake.
  GameView(const Level& level, const PhysicsConfig& physics, const sf::Font& font,
           const ArtAssets* art = nullptr, bool shake = true);

  /// Draws the frame into `window` (a window, or a texture of the window's size).
  void draw(sf::RenderTarget& window, const FrameState& frame, const CorrectionSmoother& smoother,
            DebugViews debug, const NetGraph* netGraph, const std::string& status);

  /// The centre of the view the last frame showed, in tiles: where the sounds are heard from.
  Vec2 viewCentre() const;

 private:
  /// The characters as drawn this frame (interpolated, remote ones smoothed); returns the slot
  /// the camera follows: the local player, or the first player for a spectator (-1: none).
  int placeCharacters(const FrameState& frame, const CorrectionSmoother& smoother,
                      std::vector<DrawnCharacter>& drawn) const;
  /// The view's top-left corner this frame (tiles): the camera rig on the followed character.
  Vec2 placeCamera(const FrameState& frame, const std::vector<DrawnCharacter>& drawn, int followed,
                   double renderTick, ViewTiles view);
  /// The world drawn into the canvas, `camera` its top-left corner.
  void drawWorld(const FrameState& frame, const std::vector<DrawnCharacter>& drawn, Vec2 camera,
                 DebugViews debug, double renderTick);
  /// The canvas made the viewport's logical size, if it is not already.
  void fitCanvas(const Viewport& viewport);

  void drawOverlays(sf::RenderTarget& window, const FrameState& frame, DebugViews debug,
                    const NetGraph* netGraph, const std::string& status) const;

  const Level& level_;
  PhysicsConfig physics_;
  const sf::Font& font_;
  WorldRenderer renderer_;
  BodyRenderer bodies_;
  DebugOverlay debug_;
  JointDebugView joints_;
  RaceHud race_;
  Scoreboard scoreboard_;
  const ArtAssets* art_;                     ///< nullptr: flat colours
  std::optional<CharacterSprites> sprites_;  ///< with the art
  std::optional<Backdrop> backdrop_;
  sf::RenderTexture canvas_;
  CameraRig rig_;
  Vec2 camera_;     ///< the last frame's top-left corner, tiles
  ViewTiles view_;  ///< the last frame's size, tiles
};

}  // namespace coyote
