// coyote-client: the SFML window client. Plays on a server (or a local one it starts), or plays
// a replay back. See README "Playing".
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>
#include <SFML/Graphics.hpp>

#include "client/app/client_config.h"
#include "client/core/client_session.h"
#include "config/config_error.h"
#include "client/app/font.h"
#include "client/app/game_view.h"
#include "client/app/input_mapper.h"
#include "client/app/local_server.h"
#include "client/app/replay_player.h"

namespace {

using namespace coyote;
constexpr int kUsageError = 2;

double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int fail(const std::string& message, int code = kUsageError) {
  std::cerr << "coyote-client: error: " << message << "\n";
  return code;
}

bool pressed(const std::vector<sf::Keyboard::Key>& keys, sf::Keyboard::Key key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

struct Options {
  std::string connect;
  std::optional<std::string> name;
  std::string configFile;
  bool spectate = false;
  std::string replayFile;
  std::string screenshot;
  int afterTicks = 120;
  bool debugOverlay = false;
  bool netGraph = false;
  std::string level = "configs/levels/arena.tmj";
  std::optional<int> scale;
};

/// Saves the window's current picture; call before display().
bool saveScreenshot(const sf::RenderWindow& window, const std::string& path) {
  sf::Texture texture;
  texture.create(window.getSize().x, window.getSize().y);
  texture.update(window);
  return texture.copyToImage().saveToFile(path);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Coyote client: play on a Coyote server, or play a replay back"};
  Options o;
  app.add_option("--connect", o.connect, "server HOST:PORT (default: start a local server)");
  app.add_option("--name", o.name, "player name (default: player.name of the config)");
  app.add_option("--config", o.configFile, "client TOML (default: configs/client.toml if present)");
  app.add_flag("--spectate", o.spectate, "watch without a player");
  app.add_option("--replay", o.replayFile, "play a replay recorded by coyote-server --record");
  app.add_option("--screenshot", o.screenshot, "save the window to this PNG and exit");
  app.add_option("--after-ticks", o.afterTicks, "ticks to play before the screenshot")
      ->check(CLI::Range(1, 1000000));
  app.add_flag("--debug-overlay", o.debugOverlay, "start with the F1 collision debug view");
  app.add_flag("--net-graph", o.netGraph, "start with the F3 net graph");
  app.add_option("--level", o.level, "level of the local server (without --connect)");
  app.add_option("--scale", o.scale, "window scale (overrides window.scale)")
      ->check(CLI::Range(1, 8));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    return fail(error.what());
  }

  ClientConfig config;
  sf::Font font;
  std::optional<Replay> replay;
  try {
    if (o.configFile.empty() && std::filesystem::exists("configs/client.toml")) {
      o.configFile = "configs/client.toml";
    }
    if (!o.configFile.empty()) {
      config = loadClientConfig(o.configFile);
    }
    font = loadTextFont();
    if (!o.replayFile.empty()) {
      replay = readReplay(o.replayFile);
    }
  } catch (const std::runtime_error& error) {
    return fail(error.what());
  }
  if (o.name)
    config.name = *o.name;
  if (o.scale)
    config.scale = *o.scale;

  auto logger = std::make_shared<spdlog::logger>("coyote-client",
                                                 std::make_shared<spdlog::sinks::stdout_sink_mt>());
  std::unique_ptr<LocalServer> localServer;
  std::unique_ptr<ClientSession> session;
  std::unique_ptr<ReplayPlayer> player;
  if (replay) {
    player = std::make_unique<ReplayPlayer>(std::move(*replay));
  } else {
    ClientOptions options;
    options.name = config.name;
    options.spectator = o.spectate;
    options.inputDelay = config.inputDelay;
    options.targetMargin = config.targetMargin;
    options.trackCorrections = true;
    try {
      if (o.connect.empty()) {
        localServer = std::make_unique<LocalServer>(argv[0], o.level);
        options.port = localServer->port();
        logger->info("started a local server on 127.0.0.1:{} with {}", options.port, o.level);
      } else {
        const auto colon = o.connect.rfind(':');
        const int port = colon == std::string::npos ? 0 : std::atoi(o.connect.c_str() + colon + 1);
        if (port <= 0 || port > 65535) {
          return fail("--connect must be HOST:PORT, got \"" + o.connect + "\"");
        }
        options.host = o.connect.substr(0, colon);
        options.port = static_cast<std::uint16_t>(port);
      }
    } catch (const std::runtime_error& error) {
      return fail(error.what());
    }
    session = std::make_unique<ClientSession>(options, logger);
  }

  sf::RenderWindow window(sf::VideoMode(static_cast<unsigned>(kLogicalWidth * config.scale),
                                        static_cast<unsigned>(kLogicalHeight * config.scale)),
                          "Coyote");
  // Vsync paces the frames; without it (or in screenshot mode) a frame cap keeps the loop from
  // spinning a core for nothing.
  const bool vsync = config.vsync && o.screenshot.empty();
  window.setVerticalSyncEnabled(vsync);
  window.setFramerateLimit(vsync ? 0 : 240);
  window.setKeyRepeatEnabled(false);

  std::unique_ptr<GameView> view;
  CorrectionSmoother smoother;
  NetGraph netGraph;
  bool debugOverlay = o.debugOverlay;
  bool showNetGraph = o.netGraph;
  std::optional<std::uint32_t> firstTick;
  double lastFrame = steadySeconds();

  while (window.isOpen()) {
    sf::Event event;
    while (window.pollEvent(event)) {
      if (event.type == sf::Event::Closed ||
          (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape)) {
        window.close();
      } else if (event.type == sf::Event::KeyPressed) {
        const sf::Keyboard::Key key = event.key.code;
        debugOverlay = debugOverlay != pressed(config.bindings.debugOverlay, key);
        showNetGraph = showNetGraph != pressed(config.bindings.netGraph, key);
        if (player) {
          if (key == sf::Keyboard::Space)
            player->togglePause();
          if (key == sf::Keyboard::Right || key == sf::Keyboard::Period)
            player->stepOnce();
          if (key == sf::Keyboard::Up || key == sf::Keyboard::Add)
            player->faster();
          if (key == sf::Keyboard::Down || key == sf::Keyboard::Subtract)
            player->slower();
        }
      }
    }
    if (!window.isOpen()) {
      break;
    }
    const double now = steadySeconds();
    const auto frameSeconds = static_cast<float>(now - lastFrame);
    lastFrame = now;

    std::string status;
    std::uint32_t ticksPlayed = 0;
    if (player) {
      player->update(now);
      if (!view) {
        view = std::make_unique<GameView>(player->level(), player->physics(), font);
      }
      ticksPlayed = static_cast<std::uint32_t>(player->ticksPlayed());
      status = fmt::format(
          "replay {}/{}  x{}{}  hash mismatches {}   [Space] pause  [Right] step  "
          "[Up/Down] speed",
          player->ticksPlayed(), player->totalTicks(), player->speed(),
          player->paused() ? "  paused" : (player->finished() ? "  end" : ""),
          player->hashMismatches());
      view->draw(window,
                 {player->previous(), player->current(), static_cast<float>(player->tickFraction()),
                  -1, [&](int slot) { return player->nameOf(slot); }},
                 smoother, debugOverlay, nullptr, o.screenshot.empty() ? status : "");
    } else {
      const PlayerInput input =
          window.hasFocus() ? mapInput(config.bindings, liveDevices()) : PlayerInput{};
      session->update(now, [&input](std::uint32_t) { return input; });
      if (session->phase() == ClientPhase::Refused ||
          session->phase() == ClientPhase::Disconnected) {
        std::cerr << "coyote-client: "
                  << (session->phase() == ClientPhase::Refused ? "refused: " : "disconnected: ")
                  << session->endReason() << "\n";
        return 1;
      }
      if (session->phase() != ClientPhase::Playing) {
        window.clear(sf::Color::Black);
        sf::Text waiting(fmt::format("connecting to {}:{} ...", session->options().host,
                                     session->options().port),
                         font, 18);
        waiting.setPosition(16.0f, 16.0f);
        window.draw(waiting);
        window.display();
        continue;
      }
      if (!view) {
        view = std::make_unique<GameView>(session->level(), session->physics(), font);
        firstTick = session->predicted().tick;
      }
      for (const RollbackCorrection& correction : session->takeCorrections()) {
        smoother.add(correction);
      }
      smoother.decay(frameSeconds);
      netGraph.sample(session->stats(), now);
      ticksPlayed = session->predicted().tick - *firstTick;
      view->draw(window,
                 {session->previousPredicted(), session->predicted(),
                  static_cast<float>(session->tickFraction()), session->playerSlot(),
                  [&](int slot) { return session->nameOf(slot); }},
                 smoother, debugOverlay, showNetGraph ? &netGraph : nullptr, "");
    }
    if (!o.screenshot.empty() && ticksPlayed >= static_cast<std::uint32_t>(o.afterTicks)) {
      if (!saveScreenshot(window, o.screenshot)) {
        return fail("cannot write " + o.screenshot, 1);
      }
      logger->info("screenshot saved to {} after {} ticks", o.screenshot, ticksPlayed);
      window.close();
      break;
    }
    window.display();
  }
  if (session) {
    session->disconnect();
  }
  return 0;
}
