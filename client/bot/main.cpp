// coyote-bot: N headless clients in one process, each with its own ENet host, playing seeded
// random (or scripted) inputs; prints one JSON summary and exits 0 only if every client converged.
#include <chrono>
#include <iostream>
#include <memory>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "client/core/client_session.h"
#include "config/config_error.h"
#include "scenario/input_script.h"
#include "scenario/random_inputs.h"

namespace {

using Json = nlohmann::ordered_json;
constexpr int kUsageError = 2;

double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// One bot's input source: a seeded random player, or one column of an input script.
class BotInputs {
 public:
  BotInputs(std::uint64_t seed, const coyote::InputScript* script, int column)
      : random_(seed), script_(script), column_(column) {}

  coyote::PlayerInput next() {
    if (script_ != nullptr) {
      const auto& line = script_->ticks[line_++ % script_->ticks.size()];
      return line[static_cast<std::size_t>(column_ % script_->players)];
    }
    random_.next(buffer_, 1);
    return buffer_[0];
  }

 private:
  coyote::RandomInputs random_;
  coyote::TickInputs buffer_{};
  const coyote::InputScript* script_;
  int column_;
  std::size_t line_ = 0;
};

bool converged(const coyote::ClientSession& session) {
  const coyote::ClientStats& stats = session.stats();
  return session.phase() == coyote::ClientPhase::Playing && stats.confirmedTick > 0 &&
         stats.unrepairedDesyncs() == 0 && stats.confirmedHashMatches;
}

Json clientSummary(const coyote::ClientSession& session, double seconds) {
  const coyote::ClientStats& s = session.stats();
  return Json{
      {"name", session.options().name},
      {"slot", session.playerSlot()},
      {"phase", session.phase() == coyote::ClientPhase::Playing ? "playing" : session.endReason()},
      {"confirmed_tick", s.confirmedTick},
      {"confirmed_hash", fmt::format("{:016x}", s.confirmedHash)},
      {"hash_matches_server", s.confirmedHashMatches},
      {"converged", converged(session)},
      {"rtt_ms", s.rttMs},
      {"loss_percent", s.lossPercent},
      {"up_bytes_per_second", s.bytesUp / seconds},
      {"down_bytes_per_second", s.bytesDown / seconds},
      {"rollbacks", s.rollbacks},
      {"own_input_rollbacks", s.ownInputRollbacks},
      {"max_rollback_depth", s.maxRollbackDepth},
      {"mean_rollback_depth", s.meanRollbackDepth()},
      {"input_margin", s.inputMargin},
      {"desyncs", s.desyncs},
      {"repaired_desyncs", s.repairedDesyncs},
      {"late_inputs", s.lateInputs},
      {"full_states", s.fullStates}};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Coyote bots: headless clients that play and check convergence"};
  std::string connect;
  int count = 4;
  double seconds = 10.0;
  std::uint64_t seed = 1;
  std::string inputsFile;
  std::string namePrefix = "bot";
  int inputDelay = 0;
  int targetMargin = 2;
  std::string logLevel = "warn";
  app.add_option("--connect", connect, "server HOST:PORT")->required();
  app.add_option("--count", count, "number of bots (1..256)")->check(CLI::Range(1, 256));
  app.add_option("--seconds", seconds, "how long the bots play")->check(CLI::Range(0.1, 86400.0));
  app.add_option("--seed", seed, "seed of the random inputs (bot i uses seed + i)");
  app.add_option("--inputs", inputsFile,
                 "scripted inputs (coyote-sim format); bot i plays column i");
  app.add_option("--name", namePrefix, "name prefix");
  app.add_option("--input-delay", inputDelay, "fixed input delay in ticks")
      ->check(CLI::Range(0, 10));
  app.add_option("--target-margin", targetMargin, "ticks early inputs should arrive")
      ->check(CLI::Range(0, 30));
  app.add_option("--log-level", logLevel, "trace, debug, info, warn, error");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    std::cerr << "coyote-bot: error: " << error.what() << "\n";
    return kUsageError;
  }
  const auto colon = connect.rfind(':');
  int port = 0;
  if (colon == std::string::npos || (port = std::atoi(connect.c_str() + colon + 1)) <= 0 ||
      port > 65535) {
    std::cerr << "coyote-bot: error: --connect must be HOST:PORT, got \"" << connect << "\"\n";
    return kUsageError;
  }
  std::optional<coyote::InputScript> script;
  try {
    if (!inputsFile.empty()) {
      script = coyote::loadInputScript(inputsFile);
    }
  } catch (const coyote::ConfigError& error) {
    std::cerr << "coyote-bot: error: " << error.what() << "\n";
    return kUsageError;
  }

  auto logger = std::make_shared<spdlog::logger>("coyote-bot",
                                                 std::make_shared<spdlog::sinks::stderr_sink_mt>());
  logger->set_level(spdlog::level::from_str(logLevel));
  std::vector<std::unique_ptr<coyote::ClientSession>> sessions;
  std::vector<BotInputs> inputs;
  for (int i = 0; i < count; ++i) {
    coyote::ClientOptions options;
    options.host = connect.substr(0, colon);
    options.port = static_cast<std::uint16_t>(port);
    options.name = fmt::format("{}{}", namePrefix, i);
    options.inputDelay = inputDelay;
    options.targetMargin = targetMargin;
    sessions.push_back(std::make_unique<coyote::ClientSession>(options, logger));
    inputs.emplace_back(seed + static_cast<std::uint64_t>(i), script ? &*script : nullptr, i);
  }

  const double start = steadySeconds();
  while (steadySeconds() - start < seconds) {
    const double now = steadySeconds();
    for (std::size_t i = 0; i < sessions.size(); ++i) {
      sessions[i]->update(now, [&inputs, i](std::uint32_t) { return inputs[i].next(); });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }

  Json clients = Json::array();
  Json total{{"clients", count},
             {"converged", 0},
             {"rollbacks", 0},
             {"own_input_rollbacks", 0},
             {"max_rollback_depth", 0},
             {"desyncs", 0},
             {"unrepaired_desyncs", 0},
             {"late_inputs", 0},
             {"mean_up_bytes_per_second", 0.0},
             {"mean_down_bytes_per_second", 0.0}};
  bool allConverged = true;
  for (const auto& session : sessions) {
    const coyote::ClientStats& s = session->stats();
    clients.push_back(clientSummary(*session, seconds));
    allConverged = allConverged && converged(*session);
    total["converged"] = total["converged"].get<int>() + (converged(*session) ? 1 : 0);
    total["rollbacks"] = total["rollbacks"].get<std::uint64_t>() + s.rollbacks;
    total["own_input_rollbacks"] =
        total["own_input_rollbacks"].get<std::uint64_t>() + s.ownInputRollbacks;
    total["max_rollback_depth"] =
        std::max(total["max_rollback_depth"].get<std::uint32_t>(), s.maxRollbackDepth);
    total["desyncs"] = total["desyncs"].get<std::uint32_t>() + s.desyncs;
    total["unrepaired_desyncs"] =
        total["unrepaired_desyncs"].get<std::uint32_t>() + s.unrepairedDesyncs();
    total["late_inputs"] = total["late_inputs"].get<std::uint32_t>() + s.lateInputs;
    total["mean_up_bytes_per_second"] =
        total["mean_up_bytes_per_second"].get<double>() + s.bytesUp / seconds / count;
    total["mean_down_bytes_per_second"] =
        total["mean_down_bytes_per_second"].get<double>() + s.bytesDown / seconds / count;
  }
  for (auto& session : sessions) {
    session->disconnect();
  }
  std::cout << Json{{"converged", allConverged},
                    {"seconds", seconds},
                    {"total", total},
                    {"clients", clients}}
                   .dump()
            << std::endl;
  return allConverged ? 0 : 1;
}
