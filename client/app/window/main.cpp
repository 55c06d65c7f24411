// coyote-client: the SFML window client. Plays on a server (or a local one it starts), or plays
// a replay back. See docs/playing.md.
#include <filesystem>
#include <memory>
#include <optional>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/program.h"
#include "client/app/settings/client_config.h"
#include "client/app/window/client_window.h"
#include "client/app/window/font.h"
#include "client/app/window/local_server.h"
#include "identity/player_key.h"
#include "io/install_paths.h"
#include "io/utf8_path.h"

namespace {

using namespace coyote;
constexpr const char* kDescription =
    "Coyote client: play on a Coyote server, or play a replay back";
constexpr const char* kProgram = "coyote-client";

struct CommandLine {
  std::string connect;
  std::optional<std::string> name;
  std::string configFile;
  std::string keyFile;
  bool spectate = false;
  std::string replayFile;
  std::optional<std::string> level;
  std::optional<int> scale;
  std::string room = std::string(net::kDefaultRoom);
  std::string password;
  WindowOptions window;
};

void addOptions(CLI::App& app, CommandLine& o) {
  app.add_option("--connect", o.connect, "server HOST:PORT (default: the title menu)");
  app.add_option("--name", o.name, "player name (default: player.name of the config)");
  app.add_option("--config", o.configFile,
                 "client TOML, where the menus save too (default: ~/.config/coyote/client.toml, "
                 "read from configs/client.toml until it exists)");
  app.add_option("--key", o.keyFile,
                 "your player key (default: player.key beside the settings, made on first run)");
  app.add_option("--room", o.room, "the room to join on the server (a-z, 0-9, - and _)")
      ->check([](const std::string& room) { return net::roomNameProblem(room); });
  app.add_option("--password", o.password, "the server's password, if it has one");
  app.add_flag("--spectate", o.spectate, "watch without a player");
  app.add_option("--replay", o.replayFile, "play a replay recorded by coyote-server --record");
  app.add_option("--screenshot", o.window.screenshot, "save the window to this PNG and exit");
  app.add_option("--after-ticks", o.window.afterTicks, "ticks to play before the screenshot")
      ->check(CLI::Range(1, 1000000));
  app.add_flag("--debug-overlay", o.window.debugOverlay, "start with the F1 collision debug view");
  app.add_flag("--net-graph", o.window.netGraph, "start with the F3 net graph");
  app.add_flag("--debug-joints", o.window.debugJoints, "start with the F4 joints view");
  app.add_flag("--debug-limits", o.window.debugLimits, "start with the F5 rail limits view");
  app.add_flag("--scoreboard", o.window.scoreboard, "show the Tab scoreboard as if held");
  app.add_flag(
      "--flat-colours", o.window.flatColours,
      "draw flat colours instead of the art of assets/ (the plain look of the debug views)");
  app.add_option("--level", o.level,
                 "play this level on a local server at once (without --connect; the title's "
                 "\"Play on this machine\" plays configs/levels/arena.tmj)");
  app.add_option("--scale", o.scale, "window scale (overrides window.scale)")
      ->check(CLI::Range(1, 8));
}

/// The settings: --config, else the player's own file (userClientConfigPath) once it exists,
/// else the bundled configs/client.toml (here, else installed). The menus save to --config or to
/// the player's own file.
ClientConfig loadConfig(CommandLine& o) {
  const std::string own = userClientConfigPath();
  o.window.configFile = o.configFile.empty() ? own : o.configFile;
  // A --config file not written yet is where the menus will save: the defaults until then.
  std::string file = std::filesystem::exists(utf8Path(o.configFile)) ? o.configFile : "";
  if (o.configFile.empty() && !own.empty() && std::filesystem::exists(utf8Path(own))) {
    file = own;
  } else if (o.configFile.empty()) {
    file = shippedConfigFile("client.toml");  // configs/client.toml here, else the installed one
  }
  ClientConfig config = file.empty() ? ClientConfig{} : loadClientConfig(file);
  config.name = o.name.value_or(config.name);
  config.scale = o.scale.value_or(config.scale);
  return config;
}

/// Who the player is on every server (docs/playing.md#your-player-key): --key, else player.key
/// beside the settings file, made there on first run. With neither, a key for this run alone.
std::shared_ptr<const identity::PlayerKey> loadPlayerKey(const CommandLine& o,
                                                         spdlog::logger& logger) {
  const std::filesystem::path settings = utf8Path(o.window.configFile);
  const std::string file = !o.keyFile.empty() ? o.keyFile
                           : settings.empty() ? std::string()
                                              : utf8String(settings.parent_path() / "player.key");
  if (file.empty()) {
    logger.warn(
        "no --key, and no HOME, XDG_CONFIG_HOME or APPDATA: a player key for this run alone");
    return std::make_shared<const identity::PlayerKey>(identity::PlayerKey::generate());
  }
  bool created = false;
  auto key =
      std::make_shared<const identity::PlayerKey>(identity::PlayerKey::loadOrCreate(file, created));
  if (created) {
    logger.info("made your player key: {} (keep it; copy it to play as yourself elsewhere)", file);
  }
  return key;
}

/// Where to play: the --connect address, a local server on --level, or (neither) the title.
std::optional<ClientOptions> sessionOptions(const CommandLine& o, const ClientConfig& config,
                                            const char* self,
                                            std::unique_ptr<LocalServer>& localServer) {
  ClientOptions options;
  options.name = config.name;
  options.spectator = o.spectate;
  options.room = o.room;
  options.password = o.password;
  options.inputDelay = config.inputDelay;
  options.targetMargin = config.targetMargin;
  options.trackCorrections = true;
  if (o.connect.empty() && !o.level) {
    return std::nullopt;
  }
  if (o.connect.empty()) {
    localServer = std::make_unique<LocalServer>(self, *o.level);
    options.port = localServer->port();
    return options;
  }
  const cli::HostPort address = cli::parseHostPort(o.connect, "--connect");
  options.host = address.host;
  options.port = address.port;
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine o;
  if (const auto exit = cli::parse(argc, argv, kProgram, kDescription, o, addOptions)) {
    return *exit;
  }
  auto logger =
      std::make_shared<spdlog::logger>(kProgram, std::make_shared<spdlog::sinks::stdout_sink_mt>());
  try {
    const ClientConfig config = loadConfig(o);
    o.window.playerKey = loadPlayerKey(o, *logger);
    const sf::Font font = loadTextFont();
    if (!o.replayFile.empty()) {
      ReplayPlayer player(readReplay(o.replayFile));
      return ClientWindow(config, font, o.window, logger).watch(player);
    }
    std::unique_ptr<LocalServer> localServer;
    const std::optional<ClientOptions> options = sessionOptions(o, config, argv[0], localServer);
    if (localServer) {
      logger->info("started a local server on 127.0.0.1:{} with {}", options->port, *o.level);
    }
    o.window.program = argv[0];
    return ClientWindow(config, font, o.window, logger).play(options);
  } catch (const std::runtime_error& error) {  // config, key, font, replay, server, address
    return cli::fail(kProgram, error.what());
  }
}
