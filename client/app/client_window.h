#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <spdlog/logger.h>
#include <SFML/Graphics.hpp>

#include "client/app/client_config.h"
#include "client/app/game_view.h"
#include "client/app/replay_player.h"
#include "client/core/client_session.h"

namespace coyote {

/// How the window starts, from the command line.
struct WindowOptions {
  std::string screenshot;  ///< save the window to this PNG after `afterTicks` ticks and close
  int afterTicks = 120;
  bool debugOverlay = false;  ///< F1 on at start
  bool netGraph = false;      ///< F3 on at start
  bool debugJoints = false;   ///< F4 on at start
  bool debugLimits = false;   ///< F5 on at start
  bool scoreboard = false;    ///< the Tab scoreboard shown as if held (screenshots)
};

/// The client's window and its frame loop: events and key toggles, the game view of a live
/// session or of a replay, overlays, and the screenshot mode. The clock is read here, once a
/// frame, and handed to the session or the replay player.
class ClientWindow {
 public:
  ClientWindow(const ClientConfig& config, const sf::Font& font, WindowOptions options,
               std::shared_ptr<spdlog::logger> logger);

  /// Plays on a server until the window closes (0), the session ends (1) or the screenshot is
  /// taken (0; 1 if it cannot be written).
  int play(ClientSession& session);
  /// Plays a replay back with pause, step and speed keys.
  int play(ReplayPlayer& player);

 private:
  /// Handles window events; false once the window is closed.
  bool handleEvents(ReplayPlayer* player);
  void drawConnecting(const ClientSession& session);
  void drawSession(ClientSession& session, double now, float frameSeconds);
  void drawReplay(ReplayPlayer& player);
  /// Saves the screenshot when its tick has come; returns the exit code when the loop is over.
  std::optional<int> finishFrame(std::uint32_t ticksPlayed);
  DebugViews debugViews() const;
  float frameSeconds(double now);

  ClientConfig config_;
  const sf::Font& font_;
  WindowOptions options_;
  std::shared_ptr<spdlog::logger> log_;
  sf::RenderWindow window_;
  std::unique_ptr<GameView> view_;
  CorrectionSmoother smoother_;
  NetGraph netGraph_;
  bool scoreboardHeld_ = false;
  bool showGhosts_ = true;  ///< race.ghosts, then G
  std::optional<std::uint32_t> firstTick_;
  double lastFrame_ = -1.0;
};

}  // namespace coyote
