#include "client/app/window/client_window.h"

#include <algorithm>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "client/app/render/palette.h"
#include "client/app/window/input_mapper.h"
#include "sim/collision/water.h"
#include "util/monotonic_clock.h"

namespace coyote {
namespace {

/// Saves the window's current picture; call before display().
bool saveScreenshot(const sf::RenderWindow& window, const std::string& path) {
  sf::Texture texture;
  texture.create(window.getSize().x, window.getSize().y);
  texture.update(window);
  return texture.copyToImage().saveToFile(path);
}

void replayKey(ReplayPlayer& player, sf::Keyboard::Key key) {
  if (key == sf::Keyboard::Space) {
    player.togglePause();
  } else if (key == sf::Keyboard::Right || key == sf::Keyboard::Period) {
    player.stepOnce();
  } else if (key == sf::Keyboard::Up || key == sf::Keyboard::Add) {
    player.faster();
  } else if (key == sf::Keyboard::Down || key == sf::Keyboard::Subtract) {
    player.slower();
  }
}

}  // namespace

ClientWindow::ClientWindow(const ClientConfig& config, const sf::Font& font, WindowOptions options,
                           std::shared_ptr<spdlog::logger> logger)
    : config_(config),
      font_(font),
      options_(std::move(options)),
      log_(std::move(logger)),
      art_(options_.flatColours ? nullptr
                                : loadArtAssets(findAssetsFolder(options_.program), *log_)),
      audio_(log_),
      menus_(config_, options_.configFile, log_) {
  options_.netGraph = options_.netGraph || config_.netGraph;
  applyWindowSettings();
  showGhosts_ = config_.ghosts;
}

// The configured scale, or the largest whole one whose window fits the screen with room for a
// title bar and a panel (a 1366 × 768 laptop gets 3, not 4's 1280 × 960 cut off at the bottom).
int ClientWindow::fittingScale(const sf::VideoMode& desktop) const {
  int scale = config_.scale;
  while (scale > 1 && (kLogicalWidth * scale > static_cast<int>(desktop.width) ||
                       kLogicalHeight * scale > static_cast<int>(desktop.height) * 9 / 10)) {
    --scale;
  }
  if (scale != config_.scale) {
    log_->info("window: scale {} does not fit the {}x{} screen; {} this time", config_.scale,
               desktop.width, desktop.height, scale);
  }
  return scale;
}

void ClientWindow::applyWindowSettings() {
  const sf::VideoMode desktop = sf::VideoMode::getDesktopMode();
  if (config_.fullscreen && options_.screenshot.empty()) {
    window_.create(desktop, "Coyote", sf::Style::Fullscreen);
  } else {
    const int scale = fittingScale(desktop);
    const int width = kLogicalWidth * scale;
    const int height = kLogicalHeight * scale;
    window_.create(sf::VideoMode(static_cast<unsigned>(width), static_cast<unsigned>(height)),
                   "Coyote");
    // Centred, its top left on the screen, whether or not a window manager places it.
    window_.setPosition({std::max(0, (static_cast<int>(desktop.width) - width) / 2),
                         std::max(0, (static_cast<int>(desktop.height) - height) / 2)});
  }
  // Without an OpenGL context every frame fails and SFML says so on stderr, thousands of lines a
  // second (66 GB of them once, under wine on a display that was gone): stop at once instead.
  if (art_) {
    window_.setIcon(32, 32, art_->icon.getPixelsPtr());  // the taskbar's and the title bar's
  }
  if (!window_.setActive(true)) {
    throw std::runtime_error(
        "the window has no OpenGL context: a display with OpenGL 1.1 or "
        "later is needed");
  }
  // Vsync paces the frames; without it (or in screenshot mode) a frame cap keeps the loop from
  // spinning a core for nothing.
  const bool vsync = config_.vsync && options_.screenshot.empty();
  window_.setVerticalSyncEnabled(vsync);
  window_.setFramerateLimit(vsync ? 0 : 240);
  window_.setKeyRepeatEnabled(false);
  options_.netGraph = config_.netGraph;
}

ClientWindow::~ClientWindow() {
  if (session_) {
    logSessionSummary(*session_);
    session_->disconnect();
  }
  log_->info("frames: {}", frames_.summary());
}

// What a player or a test reads after a game: the session agreed with the server on every tick
// it checked, or it did not (docs/playing.md#debug-views has the live figures).
void ClientWindow::logSessionSummary(const ClientSession& session) {
  const ClientStats& s = session.stats();
  log_->info(
      "{} on {}:{}: {} ticks checked against the server's hashes, {} desyncs ({} repaired), "
      "{} rollbacks",
      session.options().name, session.options().host, session.options().port, s.checkedHashes,
      s.desyncs, s.repairedDesyncs, s.rollbacks);
}

bool ClientWindow::handleEvents(ReplayPlayer* player) {
  sf::Event event;
  while (window_.pollEvent(event)) {
    if (event.type == sf::Event::Closed) {
      window_.close();
    } else if (handleTextEvent(event)) {
      continue;
    } else if (menus_.active()) {
      runCommands(menus_.handle(event, window_.getSize()));
    } else if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape) {
      if (session_ && session_->phase() == ClientPhase::Connecting &&
          !session_->connection().joined()) {
        cancelConnecting();
      } else if (session_) {
        menus_.show(Menus::Screen::Pause);
      } else {
        leaveReplay_ = true;  // to the Replays menu, whether it came from there or not
      }
    } else if (event.type == sf::Event::KeyReleased &&
               isBound(config_.bindings.scoreboard, event.key.code)) {
      scoreboardHeld_ = false;
    } else if (event.type == sf::Event::KeyPressed) {
      presses_.event(event, config_.bindings);
      handleGameKey(event.key.code, player);
    } else if (event.type == sf::Event::JoystickButtonPressed) {
      presses_.event(event, config_.bindings);
    }
  }
  if (menus_.takeWindowChange()) {
    applyWindowSettings();
  }
  if (quitting_) {
    window_.close();
  }
  return window_.isOpen();
}

void ClientWindow::runCommands(const std::vector<std::string>& commands) {
  for (const std::string& command : commands) {
    for (const std::string& reply : runConsoleCommand(command, *this)) {
      console_.print(reply);
    }
  }
}

bool ClientWindow::handleTextEvent(const sf::Event& event) {
  if (console_.handle(event, *this)) {
    return true;
  }
  if (!session_ || menus_.active()) {
    return false;
  }
  std::optional<std::string> line;
  const bool taken = chat_.handle(event, line);
  if (line) {
    if (const std::string problem = session_->say(*line); !problem.empty()) {
      chat_.refuse("not sent: " + problem, monotonicSeconds());
    }
  }
  return taken;
}

void ClientWindow::handleGameKey(sf::Keyboard::Key key, ReplayPlayer* player) {
  if (key == sf::Keyboard::H && player == nullptr && hints_.hide()) {
    menus_.save();
  }
  scoreboardHeld_ = scoreboardHeld_ || isBound(config_.bindings.scoreboard, key);
  showGhosts_ = showGhosts_ != isBound(config_.bindings.ghosts, key);
  if (isBound(config_.bindings.zoom, key)) {
    config_.zoom = config_.zoom % kMaxZoom + 1;
    menus_.save();
  }
  options_.debugOverlay = options_.debugOverlay != isBound(config_.bindings.debugOverlay, key);
  options_.netGraph = options_.netGraph != isBound(config_.bindings.netGraph, key);
  options_.debugJoints = options_.debugJoints != isBound(config_.bindings.debugJoints, key);
  options_.debugLimits = options_.debugLimits != isBound(config_.bindings.debugLimits, key);
  if (player != nullptr) {
    replayKey(*player, key);
  }
}

bool ClientWindow::inWater(const ClientSession& session) {
  if (session.playerSlot() < 0) {
    return false;
  }
  const Character& local =
      session.predicted().characters[static_cast<std::size_t>(session.playerSlot())];
  return local.active && submergedFraction(characterBox(local, session.physics()),
                                           session.level()) > kSwimmingFraction;
}

DebugViews ClientWindow::debugViews() const {
  return {options_.debugOverlay, options_.debugJoints, options_.debugLimits};
}

float ClientWindow::frameSeconds(double now) {
  const double elapsed = lastFrame_ < 0.0 ? 0.0 : now - lastFrame_;
  lastFrame_ = now;
  return static_cast<float>(elapsed);
}

int ClientWindow::play(std::optional<ClientOptions> options) {
  if (options) {
    sessionOptions_ = std::move(*options);
  } else {
    sessionOptions_.name = config_.name;
  }
  sessionOptions_.key = sessionOptions_.key != nullptr ? sessionOptions_.key : options_.playerKey;
  if (options) {
    startSession();
  } else {
    menus_.show(Menus::Screen::Title);
  }
  return run();
}

int ClientWindow::watch(ReplayPlayer& player) {
  sessionOptions_.name = config_.name;
  sessionOptions_.key = options_.playerKey;
  const int exit = play(player);
  if (!std::exchange(leaveReplay_, false)) {
    return exit;  // the window closed, or the screenshot was taken
  }
  view_.reset();
  menus_.show(Menus::Screen::Replays);
  return run();
}

int ClientWindow::run() {
  while (handleEvents(nullptr)) {
    const double now = monotonicSeconds();
    frames_.begin(now);
    const float elapsed = frameSeconds(now);
    startedAt_ = startedAt_ < 0.0 ? now : startedAt_;
    if (!pendingReplay_.empty()) {
      runPendingReplay();
      continue;
    }
    menus_.update(now);
    if (!session_) {
      drawMenus();
      if (const auto exit = finishFrame(static_cast<std::uint32_t>((now - startedAt_) * 60.0))) {
        return *exit;
      }
      continue;
    }
    const PlayerInput input = frameInput();
    session_->update(now, [&](std::uint32_t) { return tickInput(input); });
    if (session_->phase() == ClientPhase::Refused ||
        session_->phase() == ClientPhase::Disconnected) {
      endSession();
      if (!options_.screenshot.empty()) {  // the picture: the reason on the title; the exit: 1
        drawMenus();
        finishFrame(std::numeric_limits<std::uint32_t>::max());
        return 1;
      }
      continue;
    }
    if (session_->phase() != ClientPhase::Playing) {
      drawConnecting(*session_);
      continue;
    }
    drawSession(*session_, now, elapsed);
    frames_.end(monotonicSeconds());  // the game's frames alone, without the swap and its wait
    if (const auto exit = finishFrame(session_->predicted().tick - *firstTick_)) {
      return *exit;
    }
  }
  return 0;
}

PlayerInput ClientWindow::frameInput() {
  if (console_.open() || chat_.typing() || menus_.active() || !window_.hasFocus()) {
    presses_.clear();  // what was typed is not played
    return {};
  }
  return mapInput(config_.bindings, liveDevices());
}

PlayerInput ClientWindow::tickInput(const PlayerInput& frame) {
  PlayerInput tick = presses_.apply(frame);  // the first tick takes the presses kept
  // The console's kill and restart: one tick, whose press is what sends the player back.
  tick.buttons |= std::exchange(pendingPresses_, std::uint8_t{0});
  return tick;
}

void ClientWindow::startSession() {
  session_ = std::make_unique<ClientSession>(sessionOptions_, log_);
  view_.reset();
  firstTick_.reset();
  smoother_ = CorrectionSmoother{};
  endMessage_.clear();
}

// Escape before the first Welcome: back to the title at once, saying so.
void ClientWindow::cancelConnecting() {
  leaveSession(fmt::format("stopped connecting to {}:{}", session_->options().host,
                           session_->options().port));
}

// A session that never joined was not disconnected: its reason alone says what happened ("no
// server answered at …").
void ClientWindow::endSession() {
  const bool refused = session_->phase() == ClientPhase::Refused;
  const std::string reason = session_->endReason();
  const std::string address =
      fmt::format("{}:{}", session_->options().host, session_->options().port);
  leaveSession(refused || session_->connection().joined()
                   ? fmt::format("{}: {}", refused ? "refused" : "disconnected", reason)
                   : reason);
  if (refused) {  // a password to type, or a full room to watch: the connect screen offers it
    menus_.offerAfterRefusal(reason, address);
  }
}

// The session is over: the title comes back with `message`, which the console and stderr keep.
void ClientWindow::leaveSession(std::string message) {
  endMessage_ = std::move(message);
  std::cerr << "coyote-client: " << endMessage_ << "\n";
  console_.print(endMessage_);
  logSessionSummary(*session_);
  session_->disconnect();
  session_.reset();
  menus_.setMessage(endMessage_);
  menus_.show(Menus::Screen::Title);
}

int ClientWindow::play(ReplayPlayer& player) {
  while (!leaveReplay_ && handleEvents(&player)) {
    player.update(monotonicSeconds());
    drawReplay(player);
    // A replay shorter than --after-ticks is taken at its end rather than never.
    const auto played = player.finished() ? std::numeric_limits<std::uint32_t>::max()
                                          : static_cast<std::uint32_t>(player.ticksPlayed());
    if (const auto exit = finishFrame(played)) {
      return *exit;
    }
  }
  return 0;
}

// Until the Welcome: the title scene, and in a panel over it, where to and how to stop, at the
// menus' size.
void ClientWindow::drawConnecting(const ClientSession& session) {
  window_.setView(window_.getDefaultView());
  window_.clear(palette::kMenuBackground);
  window_.setView(menuPage());
  if (art_ != nullptr) {
    if (!titleScene_) {
      titleScene_ = std::make_unique<TitleScene>(*art_);
    }
    titleScene_->draw(window_, monotonicSeconds() - startedAt_, true);
  }
  const sf::Vector2f page(MenuList::kPageWidth, MenuList::kPageHeight);
  sf::RectangleShape panel({page.x * 0.6f, 150.0f});
  panel.setPosition(page.x * 0.2f, page.y * 0.5f - 60.0f);
  panel.setFillColor(palette::kMenuPanel);
  window_.draw(panel);
  const std::string dots(1 + static_cast<std::size_t>(monotonicSeconds() * 2.0) % 3, '.');
  drawMenuText(
      window_, font_,
      fmt::format("connecting to {}:{}{}", session.options().host, session.options().port, dots),
      28, {page.x * 0.5f, page.y * 0.5f - 30.0f}, palette::kMenuText, true);
  drawMenuText(window_, font_, "Escape: stop", 18, {page.x * 0.5f, page.y * 0.5f + 30.0f},
               palette::kMenuText, true);
  window_.setView(window_.getDefaultView());
  console_.draw(window_, font_);
  window_.display();
}

// No game: the menus (the title says why the last game ended), and the console over them.
void ClientWindow::drawMenus() {
  window_.setView(window_.getDefaultView());
  window_.clear(palette::kMenuBackground);
  if (art_ != nullptr) {  // the title scene behind every menu, the name on the title
    if (!titleScene_) {
      titleScene_ = std::make_unique<TitleScene>(*art_);
    }
    window_.setView(menuPage());
    titleScene_->draw(window_, monotonicSeconds() - startedAt_,
                      menus_.screen() == Menus::Screen::Title);
  }
  menus_.draw(window_, font_, art_ != nullptr);
  window_.setView(window_.getDefaultView());
  console_.draw(window_, font_);
}

void ClientWindow::drawSession(ClientSession& session, double now, float elapsed) {
  if (!view_ || viewLevelChanges_ != session.levelChanges()) {  // a new game, or a new level
    view_ = std::make_unique<GameView>(session.level(), session.physics(), font_, art_.get(),
                                       config_.screenShake);
    viewLevelChanges_ = session.levelChanges();
    smoother_ = {};
    cues_.reset();
    firstTick_ = session.predicted().tick;
  }
  for (const RollbackCorrection& correction : session.takeCorrections()) {
    smoother_.add(correction);
  }
  smoother_.decay(elapsed);
  netGraph_.sample(session.stats(), now);
  view_->draw(
      window_,
      {session.previousPredicted(), session.predicted(), static_cast<float>(session.tickFraction()),
       session.playerSlot(), [&session](int slot) { return session.nameOf(slot); },
       session.effects(), session.race(), session.raceBoard() ? &*session.raceBoard() : nullptr,
       scoreboardHeld_ || options_.scoreboard, showGhosts_ ? &session.ghosts() : nullptr, elapsed,
       config_.zoom},
      smoother_, debugViews(), options_.netGraph ? &netGraph_ : nullptr, "");
  playSounds(session.effects(),
             {session.playerSlot(), session.confirmed().tick, session.predicted().tick});
  if (hints_.update(now, inWater(session))) {
    menus_.save();  // a hint shown is never shown again
  }
  if (!scoreboardHeld_ && !options_.scoreboard) {  // the scoreboard takes the top of the window
    hints_.draw(window_, font_, now);
  }
  chat_.draw(window_, font_, session.chat(), now);
  menus_.draw(window_, font_);  // the pause menu and its options, over the game going on
  window_.setView(window_.getDefaultView());
  console_.draw(window_, font_);
}

void ClientWindow::drawReplay(ReplayPlayer& player) {
  if (!view_) {
    view_ = std::make_unique<GameView>(player.level(), player.physics(), font_, art_.get(),
                                       config_.screenShake);
    cues_.reset();
  }
  const std::string status = fmt::format(
      "replay {}/{}  x{}{}  hash mismatches {}   [Space] pause  [Right] step  [Up/Down] speed",
      player.ticksPlayed(), player.totalTicks(), player.speed(),
      player.paused() ? "  paused" : (player.finished() ? "  end" : ""), player.hashMismatches());
  view_->draw(window_,
              {player.previous(), player.current(), static_cast<float>(player.tickFraction()), -1,
               [&player](int slot) { return player.nameOf(slot); }, &player.effects(), nullptr,
               nullptr, false, nullptr, 1.0f / 60.0f, config_.zoom},
              smoother_, debugViews(), nullptr, options_.screenshot.empty() ? status : "");
  playSounds(&player.effects(), {-1, player.current().tick, player.current().tick});
}

void ClientWindow::playSounds(const EffectList* effects, const CueFrame& frame) {
  const Volumes volumes{config_.masterVolume, config_.effectsVolume};
  if (volumes.master != volumes_.master || volumes.effects != volumes_.effects) {
    audio_.setVolumes(volumes);
    volumes_ = volumes;
  }
  if (effects != nullptr && view_) {
    audio_.apply(cues_.update(*effects, frame), Listener{view_->viewCentre()});
  }
}

std::optional<int> ClientWindow::finishFrame(std::uint32_t ticksPlayed) {
  if (!options_.screenshot.empty() &&
      ticksPlayed >= static_cast<std::uint32_t>(options_.afterTicks)) {
    if (!saveScreenshot(window_, options_.screenshot)) {
      std::cerr << "coyote-client: error: cannot write " << options_.screenshot << "\n";
      return 1;
    }
    log_->info("screenshot saved to {} after {} ticks", options_.screenshot, ticksPlayed);
    window_.close();
    return 0;
  }
  window_.display();
  return std::nullopt;
}

}  // namespace coyote
