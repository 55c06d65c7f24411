#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <spdlog/logger.h>
#include <SFML/Graphics.hpp>

#include "client/app/hud/hints.h"
#include "client/app/menu/menus.h"
#include "client/app/menu/title_scene.h"
#include "client/app/settings/client_config.h"
#include "client/app/ui/chat_box.h"
#include "client/app/ui/console.h"
#include "client/app/view/game_view.h"
#include "client/app/window/frame_timer.h"
#include "client/app/window/local_server.h"
#include "client/app/window/press_latch.h"
#include "client/audio/audio_output.h"
#include "client/audio/sound_cues.h"
#include "client/core/client_session.h"
#include "client/core/replay_player.h"

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
  bool flatColours = false;   ///< no art: flat colours (docs/art.md)
  std::string configFile;     ///< where the menus save the settings ("": nowhere)
  std::string program;        ///< argv[0]: the local server is found next to it
  /// Who the player is on every server; null: a key for each connection
  std::shared_ptr<const identity::PlayerKey> playerKey;
  std::string localLevel = "configs/levels/arena.tmj";  ///< what "Play on this machine" plays
};

/// The client's window and its frame loop: events and key toggles, the game view of a live
/// session or of a replay, the chat and the console over it, and the screenshot mode. The clock
/// is read here, once a frame, and handed to the session or the replay player. The console's
/// commands act on it (client_window_console.cpp): it owns the session and starts another on
/// `connect` or `room`.
class ClientWindow : private ConsoleTarget {
 public:
  ClientWindow(const ClientConfig& config, const sf::Font& font, WindowOptions options,
               std::shared_ptr<spdlog::logger> logger);
  /// Says goodbye to the server, if connected.
  ~ClientWindow() override;
  ClientWindow(const ClientWindow&) = delete;
  ClientWindow& operator=(const ClientWindow&) = delete;

  /// Plays on the server `options` names, or (none) opens the title menu, until the window
  /// closes or `quit` (0). A session that ends (refused, disconnected) brings the title back with
  /// its reason; in screenshot mode it is the picture and the loop ends (1). The screenshot
  /// taken: 0 (1 if it cannot be written).
  int play(std::optional<ClientOptions> options);
  /// `coyote-client --replay FILE`: plays it back with pause, step and speed keys; Escape ends
  /// it for the Replays menu, as a replay chosen there ends, and the menus go on from there.
  int watch(ReplayPlayer& player);

 private:
  /// The window's scale on a screen of `desktop`'s size (window.scale, or less to fit).
  int fittingScale(const sf::VideoMode& desktop) const;
  /// Plays a replay back until its end of the window's, or Escape (leaveReplay_).
  int play(ReplayPlayer& player);
  /// The frames of the menus and the session, until the window closes or the program ends.
  int run();
  /// Handles window events; false once the window is closed.
  bool handleEvents(ReplayPlayer* player);
  /// The console's and the chat's turn at an event; true if one of them took it.
  bool handleTextEvent(const sf::Event& event);
  void handleGameKey(sf::Keyboard::Key key, ReplayPlayer* player);
  /// A session that ended: its reason kept and printed, the session gone.
  void endSession();
  void cancelConnecting();
  void leaveSession(std::string message);
  /// Logs how many ticks the session checked against the server's hashes and how many differed.
  void logSessionSummary(const ClientSession& session);
  /// The devices as read this frame; nothing while the keys type (the presses kept go too).
  PlayerInput frameInput();
  /// One tick's input: the frame's, with the presses kept since the last tick and a respawn.
  PlayerInput tickInput(const PlayerInput& frame);
  void startSession();
  void drawConnecting(const ClientSession& session);
  void drawMenus();
  /// The window again, after the options changed its scale, fullscreen or vsync.
  void applyWindowSettings();
  /// Runs the menus' commands as the console would, printing their replies there.
  void runCommands(const std::vector<std::string>& commands);
  void drawSession(ClientSession& session, double now, float frameSeconds);
  void drawReplay(ReplayPlayer& player);
  /// The sounds of the frame just drawn (docs/playing.md#sound), at the volumes of the options.
  void playSounds(const EffectList* effects, const CueFrame& frame);
  /// Saves the screenshot when its tick has come; returns the exit code when the loop is over.
  std::optional<int> finishFrame(std::uint32_t ticksPlayed);
  /// Whether the player's character is in water (a swimmer), in the latest prediction.
  static bool inWater(const ClientSession& session);
  DebugViews debugViews() const;
  float frameSeconds(double now);

  // ConsoleTarget (client_window_console.cpp)
  std::string connect(const std::string& address) override;
  std::string spectate(const std::string& address) override;
  /// Leaves the server, if any, and joins `address` as a player or a spectator.
  std::string connect(const std::string& address, bool spectator);
  std::string disconnect() override;
  std::string setName(const std::string& name) override;
  std::string setRoom(const std::string& room) override;
  std::string say(const std::string& text) override;
  std::string setView(const std::string& view, bool on) override;
  std::string quit() override;
  std::string setPassword(const std::string& password) override;
  std::string playLocal() override;
  std::string showMenu(const std::string& menu) override;
  std::string kill() override;
  std::string restart() override;
  /// Presses `button` on the next tick's input alone, when playing.
  std::string pressOnce(std::uint8_t button);
  std::string watchReplay(const std::string& file) override;
  /// Plays the replay the menus chose, until it is left with Escape; then the menus again.
  void runPendingReplay();

  ClientConfig config_;
  const sf::Font& font_;
  WindowOptions options_;
  std::shared_ptr<spdlog::logger> log_;
  std::unique_ptr<ArtAssets> art_;          ///< assets/, or nullptr: flat colours
  std::unique_ptr<TitleScene> titleScene_;  ///< behind the menus, made with the art
  sf::RenderWindow window_;
  std::unique_ptr<GameView> view_;
  CorrectionSmoother smoother_;
  AudioOutput audio_;
  SoundCues cues_;
  Volumes volumes_{-1, -1};  ///< the volumes the speakers have (-1: none set yet)
  NetGraph netGraph_;
  bool scoreboardHeld_ = false;
  bool showGhosts_ = true;  ///< race.ghosts, then G
  std::optional<std::uint32_t> firstTick_;
  double lastFrame_ = -1.0;
  FrameTimer frames_;  ///< the game's frames, logged when the window goes
  ClientOptions sessionOptions_;
  std::unique_ptr<ClientSession> session_;
  int viewLevelChanges_ = 0;  ///< the session's level changes when view_ was made
  std::string endMessage_;    ///< why there is no session
  Console console_;
  ChatBox chat_;
  Menus menus_;
  std::unique_ptr<LocalServer> localServer_;
  double startedAt_ = -1.0;  ///< the loop's first frame: menus count screenshot time from it
  bool quitting_ = false;
  std::uint8_t pendingPresses_ = 0;  ///< `kill`, `restart`: buttons the next input presses
  PressLatch presses_;
  Hints hints_{config_};       ///< the controls' line and the swim hint, once each           ///<
                               ///< presses since the last tick, so that no tap is lost
  std::string pendingReplay_;  ///< `replay FILE`: watched from the next frame on
  bool leaveReplay_ = false;   ///< Escape: the replay ends for the Replays menu
};

}  // namespace coyote
