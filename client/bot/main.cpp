// coyote-bot: N headless clients in one process, each with its own ENet host, playing seeded
// random inputs, a walker that reads the level, or scripted inputs; prints one JSON summary and
// exits 0 only if every client converged. With --lite, a load generator: clients that join and
// play without predicting (lite_run.h), hundreds to a process, over --rooms rooms.
#include <chrono>
#include <iostream>
#include <memory>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "brains/racer_brain.h"
#include "brains/walker_brain.h"
#include "cli/program.h"
#include "client/bot/end_state.h"
#include "client/bot/lite_run.h"
#include "client/core/client_session.h"
#include "identity/hello_proof.h"
#include "io/user_folders.h"
#include "listing/master_token.h"
#include "platform/open_files.h"
#include "scenario/input_script.h"
#include "scenario/random_inputs.h"
#include "util/monotonic_clock.h"

namespace {

using Json = nlohmann::ordered_json;
constexpr const char* kDescription =
    "Coyote bots: headless clients that play and check convergence";
constexpr const char* kProgram = "coyote-bot";

/// One bot's input source: one column of an input script, a walker that reads the world it
/// predicts with ray and box casts (`--brain walker`), a racer that heads for the race's
/// checkpoints in order and its finish (`--brain racer`), or a seeded random player.
class BotInputs {
 public:
  BotInputs(std::uint64_t seed, const coyote::InputScript* script, int column, std::string brain)
      : random_(seed), walker_(seed), script_(script), column_(column), brain_(std::move(brain)) {}

  coyote::PlayerInput next(const coyote::ClientSession& session) {
    if (script_ != nullptr) {
      return nextBlind();
    }
    if (brain_ == "walker") {
      return walker_.next(session.predicted(), session.level(), session.physics(),
                          session.playerSlot());
    }
    if (brain_ == "racer") {
      return racer_.next(session.predicted(), session.level(), session.physics(),
                         session.playerSlot());
    }
    return nextBlind();
  }

  /// The inputs that need no world: the script's column, or the seeded random player.
  coyote::PlayerInput nextBlind() {
    if (script_ != nullptr) {
      const auto& line = script_->ticks[line_++ % script_->ticks.size()];
      return line[static_cast<std::size_t>(column_ % script_->players)];
    }
    random_.next(buffer_, 1);
    return buffer_[0];
  }

 private:
  coyote::RandomInputs random_;
  coyote::WalkerBrain walker_;
  coyote::RacerBrain racer_;
  coyote::TickInputs buffer_{};
  const coyote::InputScript* script_;
  int column_;
  std::string brain_;
  std::size_t line_ = 0;
};

/// Longer than this without a confirmed tick at the end of the run, a client was dropped (the
/// server sends frames 20 times a second) even if nobody told it.
constexpr double kMaxSecondsWithoutProgress = 1.0;

/// Played to the end, still confirming ticks, and on the server's hashes.
bool converged(const coyote::ClientSession& session, double now) {
  const coyote::ClientStats& stats = session.stats();
  return session.phase() == coyote::ClientPhase::Playing && stats.confirmedTick > 0 &&
         session.secondsWithoutProgress(now) <= kMaxSecondsWithoutProgress &&
         stats.unrepairedDesyncs() == 0 && stats.confirmedHashMatches;
}

/// The bot's race runs as its confirmed ticks (the server's) timed them: ms, three decimals.
Json raceTimes(const coyote::ClientSession& session) {
  Json times = Json::array();
  if (session.race() != nullptr) {
    for (const auto& finish : session.race()->confirmedFinishes()) {
      times.push_back(static_cast<double>(finish.timeUs) / 1000.0);
    }
  }
  return times;
}

Json clientSummary(const coyote::ClientSession& session, double seconds, double now) {
  const coyote::ClientStats& s = session.stats();
  const bool playing = session.phase() == coyote::ClientPhase::Playing;
  return Json{{"name", session.options().name},
              {"key", coyote::identity::keyFingerprint(session.options().key->publicKey())},
              {"slot", session.playerSlot()},
              {"state", coyote::bot::endState(session.connection())},
              {"reason", coyote::bot::endReason(session.connection())},
              {"joined_after_seconds", session.secondsToJoin()},
              {"ended_at_tick", playing ? 0 : session.endTick()},
              {"seconds_played", session.secondsPlayed(now)},
              {"seconds_without_progress", session.secondsWithoutProgress(now)},
              {"confirmed_tick", s.confirmedTick},
              {"confirmed_hash", fmt::format("{:016x}", s.confirmedHash)},
              {"hash_matches_server", s.confirmedHashMatches},
              {"converged", converged(session, now)},
              {"rtt_ms", s.rttMs},
              {"loss_percent", s.lossPercent},
              {"up_loss_percent", s.upLossPercent},
              {"up_bytes_per_second", s.bytesUp / seconds},
              {"down_bytes_per_second", s.bytesDown / seconds},
              {"rollbacks", s.rollbacks},
              {"own_input_rollbacks", s.ownInputRollbacks},
              {"max_rollback_depth", s.maxRollbackDepth},
              {"mean_rollback_depth", s.meanRollbackDepth()},
              {"input_margin", s.inputMargin},
              {"target_margin", s.targetMargin},
              {"desyncs", s.desyncs},
              {"repaired_desyncs", s.repairedDesyncs},
              {"late_inputs", s.lateInputs},
              {"full_states", s.fullStates},
              {"reconnects", s.reconnects},
              {"level", session.level().name},
              {"level_changes", session.levelChanges()},
              {"race_times_ms", raceTimes(session)}};
}

struct CommandLine {
  std::string connect;
  int count = 4;
  double seconds = 10.0;
  std::uint64_t seed = 1;
  std::string inputsFile;
  std::string namePrefix = "bot";
  std::string password;
  std::string keyFile;
  std::shared_ptr<const coyote::identity::PlayerKey> key;  ///< --key's, else one per bot
  bool newKeys = false;    ///< --new-keys: a key for this run alone, none kept
  std::string keysFolder;  ///< where each bot name's key is kept ("": nowhere to keep one)
  int inputDelay = 0;
  int targetMargin = 2;
  double connectTimeout = 15.0;
  std::string logLevel = "warn";
  std::string brain = "random";
  std::string room = std::string(coyote::net::kDefaultRoom);
  bool lite = false;
  int rooms = 1;
};

constexpr int kMaxFullBots = 256;
constexpr int kMaxLiteBots = 4096;

void addOptions(CLI::App& app, CommandLine& o) {
  app.add_option("--connect", o.connect, "server HOST:PORT")->required();
  app.add_option("--count", o.count, "number of bots (1..256; with --lite 1..4096)")
      ->check(CLI::Range(1, kMaxLiteBots));
  app.add_option("--seconds", o.seconds, "how long the bots play")->check(CLI::Range(0.1, 86400.0));
  app.add_option("--seed", o.seed, "seed of the random inputs (bot i uses seed + i)");
  app.add_option("--inputs", o.inputsFile,
                 "scripted inputs (coyote-sim format); bot i plays column i");
  app.add_option("--name", o.namePrefix, "name prefix");
  app.add_option("--password", o.password, "the server's password, if it has one");
  app.add_option("--key", o.keyFile,
                 "the player key to play with, made there if missing (--count 1; default: each "
                 "bot name's own, kept in the user's data folder, bot-keys/)");
  app.add_flag("--new-keys", o.newKeys,
               "a new key for each bot for this run alone, none kept (servers see new players)");
  app.add_option("--input-delay", o.inputDelay, "fixed input delay in ticks")
      ->check(CLI::Range(0, 10));
  app.add_option("--target-margin", o.targetMargin, "ticks early inputs should arrive")
      ->check(CLI::Range(0, 30));
  app.add_option("--connect-timeout", o.connectTimeout,
                 "seconds a bot keeps trying to join (cookie requests and ENet retries)")
      ->check(CLI::Range(0.5, 600.0));
  app.add_option("--log-level", o.logLevel, "trace, debug, info, warn, error");
  app.add_option("--brain", o.brain,
                 "random (seeded random intents), walker (walks the level like a player, "
                 "reading it with ray and box casts) or racer (runs the race's checkpoints in "
                 "order to its finish)")
      ->check(CLI::IsMember({"random", "walker", "racer"}));
  app.add_option("--room", o.room, "the room to play in (a-z, 0-9, - and _)")
      ->check([](const std::string& room) { return coyote::net::roomNameProblem(room); });
  app.add_flag("--lite", o.lite,
               "load generator: bots join and play (random or scripted inputs) and acknowledge "
               "frames without predicting; they check no hash but a full state's");
  app.add_option("--rooms", o.rooms,
                 "spread the bots over this many rooms: --room, then --room-1, --room-2, …")
      ->check(CLI::Range(1, 64));
}

/// Bot `index`'s room: the bots go round the rooms in turn.
std::string roomOf(const CommandLine& o, int index) {
  const int room = index % o.rooms;
  return room == 0 ? o.room : fmt::format("{}-{}", o.room, room);
}

/// Adds one client's figures to the totals.
void addToTotal(Json& total, const coyote::ClientSession& session, double seconds, int count,
                double now) {
  const coyote::ClientStats& s = session.stats();
  const auto add = [&total](const char* key, auto value) {
    total[key] = total[key].get<decltype(value)>() + value;
  };
  add("converged", converged(session, now) ? 1 : 0);
  add("rollbacks", s.rollbacks);
  add("own_input_rollbacks", s.ownInputRollbacks);
  total["max_rollback_depth"] =
      std::max(total["max_rollback_depth"].get<std::uint32_t>(), s.maxRollbackDepth);
  add("desyncs", s.desyncs);
  add("unrepaired_desyncs", s.unrepairedDesyncs());
  add("late_inputs", s.lateInputs);
  add("reconnects", s.reconnects);
  add("mean_up_bytes_per_second", s.bytesUp / seconds / count);
  add("mean_down_bytes_per_second", s.bytesDown / seconds / count);
}

/// The JSON summary of a run: totals and each client.
Json summary(const std::vector<std::unique_ptr<coyote::ClientSession>>& sessions, double seconds,
             double now) {
  const int count = static_cast<int>(sessions.size());
  Json clients = Json::array();
  Json total{{"clients", count},
             {"converged", 0},
             {"rollbacks", std::uint64_t{0}},
             {"own_input_rollbacks", std::uint64_t{0}},
             {"max_rollback_depth", std::uint32_t{0}},
             {"desyncs", std::uint32_t{0}},
             {"unrepaired_desyncs", std::uint32_t{0}},
             {"late_inputs", std::uint32_t{0}},
             {"reconnects", std::uint32_t{0}},
             {"mean_up_bytes_per_second", 0.0},
             {"mean_down_bytes_per_second", 0.0}};
  bool allConverged = true;
  for (const auto& session : sessions) {
    clients.push_back(clientSummary(*session, seconds, now));
    allConverged = allConverged && converged(*session, now);
    addToTotal(total, *session, seconds, count, now);
  }
  const std::string room = sessions.empty() ? "" : sessions.front()->options().room;
  return Json{{"converged", allConverged},
              {"room", room},
              {"seconds", seconds},
              {"total", total},
              {"clients", clients}};
}

/// Every bot updates about once a millisecond for `seconds`, each with its own inputs.
void play(std::vector<std::unique_ptr<coyote::ClientSession>>& sessions,
          std::vector<BotInputs>& inputs, double seconds) {
  const double start = coyote::monotonicSeconds();
  while (coyote::monotonicSeconds() - start < seconds) {
    const double now = coyote::monotonicSeconds();
    for (std::size_t i = 0; i < sessions.size(); ++i) {
      coyote::ClientSession& session = *sessions[i];
      session.update(now,
                     [&inputs, &session, i](std::uint32_t) { return inputs[i].next(session); });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

/// The key of the bot named `name` (docs/playing.md#your-player-key): the one kept for that name
/// in the user's data folder (made on its first run), so that a bot back after a run whose
/// goodbyes were lost gets its name and reservation back; a new one with --new-keys or nowhere
/// to keep it.
std::shared_ptr<const coyote::identity::PlayerKey> botKey(const CommandLine& o,
                                                          const std::string& name) {
  if (o.newKeys || o.keysFolder.empty()) {
    return std::make_shared<const coyote::identity::PlayerKey>(
        coyote::identity::PlayerKey::generate());
  }
  const std::string file = coyote::listing::hexText(  // any name, one plain file name
      {reinterpret_cast<const std::uint8_t*>(name.data()), name.size()});
  bool created = false;
  return std::make_shared<const coyote::identity::PlayerKey>(
      coyote::identity::PlayerKey::loadOrCreate(o.keysFolder + "/" + file + ".key", created));
}

coyote::ClientOptions botOptions(const CommandLine& o, const coyote::cli::HostPort& address,
                                 int index) {
  coyote::ClientOptions options;
  options.host = address.host;
  options.port = address.port;
  options.name = fmt::format("{}{}", o.namePrefix, index);
  options.room = roomOf(o, index);
  options.password = o.password;
  options.key = o.key != nullptr ? o.key : botKey(o, options.name);
  options.inputDelay = o.inputDelay;
  options.targetMargin = o.targetMargin;
  options.connectTimeout = o.connectTimeout;
  return options;
}

int runFull(const CommandLine& o, const coyote::cli::HostPort& address,
            const coyote::InputScript* script, const std::shared_ptr<spdlog::logger>& logger) {
  std::vector<std::unique_ptr<coyote::ClientSession>> sessions;
  std::vector<BotInputs> inputs;
  for (int i = 0; i < o.count; ++i) {
    sessions.push_back(std::make_unique<coyote::ClientSession>(botOptions(o, address, i), logger));
    inputs.emplace_back(o.seed + static_cast<std::uint64_t>(i), script, i, o.brain);
  }
  play(sessions, inputs, o.seconds);
  Json result = summary(sessions, o.seconds, coyote::monotonicSeconds());
  result["brain"] = script ? "script" : o.brain;
  for (auto& session : sessions) {
    session->disconnect();
  }
  std::cout << result.dump() << std::endl;
  return result["converged"].get<bool>() ? 0 : 1;
}

int runLite(const CommandLine& o, const coyote::cli::HostPort& address,
            const coyote::InputScript* script, const std::shared_ptr<spdlog::logger>& logger) {
  coyote::platform::allowManyOpenFiles();  // many bots, many sockets
  coyote::bot::LiteRun run;
  // Each bot's inputs live as long as the run: a deque would do, a vector of pointers is plain.
  std::vector<std::unique_ptr<BotInputs>> inputs;
  for (int i = 0; i < o.count; ++i) {
    inputs.push_back(
        std::make_unique<BotInputs>(o.seed + static_cast<std::uint64_t>(i), script, i, "random"));
    run.add(botOptions(o, address, i), logger,
            [source = inputs.back().get()](std::uint32_t) { return source->nextBlind(); });
  }
  run.play(o.seconds);
  Json result = run.summary(o.seconds, coyote::monotonicSeconds());
  if (script != nullptr) {
    result["brain"] = "lite, script";
  }
  run.disconnect();
  std::cout << result.dump() << std::endl;
  return result["converged"].get<bool>() ? 0 : 1;
}

/// What the options cannot check one by one.
std::string optionProblem(const CommandLine& o) {
  if (o.lite && (o.brain == "walker" || o.brain == "racer")) {
    return fmt::format(
        "--brain {} reads the world it predicts; --lite bots predict nothing "
        "(use --brain random or --inputs)",
        o.brain);
  }
  if (!o.lite && o.count > kMaxFullBots) {
    return fmt::format("--count {}: at most {} predicting bots (--lite allows {})", o.count,
                       kMaxFullBots, kMaxLiteBots);
  }
  if (!o.keyFile.empty() && o.count != 1) {
    return "--key is one player's: it plays with --count 1";
  }
  if (const std::string problem = coyote::net::roomNameProblem(roomOf(o, o.rooms - 1));
      !problem.empty()) {
    return "--room with --rooms: " + problem;
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine o;
  if (const auto exit = coyote::cli::parse(argc, argv, kProgram, kDescription, o, addOptions)) {
    return *exit;
  }
  coyote::cli::HostPort address;
  std::optional<coyote::InputScript> script;
  try {
    if (const std::string problem = optionProblem(o); !problem.empty()) {
      throw std::runtime_error(problem);
    }
    address = coyote::cli::parseHostPort(o.connect, "--connect");
    if (!o.keyFile.empty()) {
      bool created = false;  // a file not there yet is made: the bot keeps its key across runs
      o.key = std::make_shared<const coyote::identity::PlayerKey>(
          coyote::identity::PlayerKey::loadOrCreate(o.keyFile, created));
    }
    o.keysFolder = coyote::userDataFile("bot-keys");  // ~/.local/share/coyote/bot-keys
    if (!o.inputsFile.empty()) {
      script = coyote::loadInputScript(o.inputsFile);
    }
  } catch (const std::runtime_error& error) {
    return coyote::cli::fail(kProgram, error.what());
  }
  auto logger =
      std::make_shared<spdlog::logger>(kProgram, std::make_shared<spdlog::sinks::stderr_sink_mt>());
  logger->set_level(spdlog::level::from_str(o.logLevel));
  const coyote::InputScript* inputs = script ? &*script : nullptr;
  try {
    return o.lite ? runLite(o, address, inputs, logger) : runFull(o, address, inputs, logger);
  } catch (const std::runtime_error& error) {  // a bot's kept key that cannot be read or made
    return coyote::cli::fail(kProgram, error.what());
  }
}
