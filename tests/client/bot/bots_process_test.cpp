// Real coyote-server, coyote-bot and coyote-netsim processes on 127.0.0.1, as a host would run
// them.
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "replay/replay_file.h"
#include "support/coyote_processes.h"

namespace coyote {
namespace {

using ::testing::HasSubstr;

using test::runBots;
using test::ServerProcess;

TEST(BotsProcess, FourBotsDirectForTenSecondsConvergeOnTheServersHashes) {
  test::TempDirectory directory;
  const std::string replayFile = (directory.path() / "session.rpl").string();
  ServerProcess server(directory, replayFile);
  ASSERT_GT(server.port, 0) << server.process.output();

  const Json summary = runBots(directory, server.port, 4, 10.0);
  EXPECT_EQ(summary["exit_code"], 0) << summary.dump(1);
  EXPECT_TRUE(summary["converged"].get<bool>());
  EXPECT_EQ(summary["total"]["desyncs"], 0);
  EXPECT_EQ(summary["total"]["own_input_rollbacks"], 0) << "a bot's own inputs never roll it back";
  EXPECT_EQ(summary["total"]["late_inputs"], 0);

  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0) << server.process.output();
  EXPECT_THAT(server.process.output(), HasSubstr("replay written to"));

  // Every bot's last confirmed hash is the server's hash for that tick, read from its replay.
  const Replay replay = readReplay(replayFile);
  ASSERT_FALSE(summary["clients"].empty());
  for (const Json& client : summary["clients"]) {
    EXPECT_TRUE(client["hash_matches_server"].get<bool>());
    const auto tick = client["confirmed_tick"].get<std::uint32_t>();
    EXPECT_GT(tick, 500u);
    const auto found = std::find_if(replay.ticks.begin(), replay.ticks.end(),
                                    [tick](const ReplayTick& t) { return t.tick == tick; });
    ASSERT_NE(found, replay.ticks.end()) << "tick " << tick;
    EXPECT_EQ(fmt::format("{:016x}", found->hash), client["confirmed_hash"].get<std::string>());
  }

  // And the replay re-simulates to the same hashes, tick for tick.
  test::ChildProcess verify({COYOTE_SIM_BINARY, "verify", replayFile},
                            (directory.path() / "verify.log").string());
  EXPECT_EQ(verify.wait(60.0), 0) << verify.output();
  EXPECT_THAT(verify.output(), HasSubstr("OK: "));
}

TEST(BotsProcess, FourBotsThroughTheLinkConditionerConvergeWithinTheRollbackWindow) {
  test::TempDirectory directory;
  ServerProcess server(directory, (directory.path() / "session.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  // 50 ms each way = 100 ms RTT, ±20 ms jitter, 5 % loss, 1 % duplication, 2 % reordering.
  test::ChildProcess netsim(
      {COYOTE_NETSIM_BINARY, "--listen", "0", "--forward",
       "127.0.0.1:" + std::to_string(server.port), "--latency", "50", "--jitter", "20", "--loss",
       "0.05", "--dup", "0.01", "--reorder", "0.02", "--seed", "9", "--port-file",
       (directory.path() / "netsim-port").string()},
      (directory.path() / "netsim.log").string());
  const int proxyPort = test::waitForPort((directory.path() / "netsim-port").string());
  ASSERT_GT(proxyPort, 0) << netsim.output();

  const Json summary = runBots(directory, proxyPort, 4, 15.0);
  EXPECT_EQ(summary["exit_code"], 0) << summary.dump(1);
  EXPECT_TRUE(summary["converged"].get<bool>());
  EXPECT_EQ(summary["total"]["unrepaired_desyncs"], 0);
  EXPECT_GT(summary["total"]["rollbacks"], 0) << "remote inputs arrive late: rollbacks must happen";
  EXPECT_LE(summary["total"]["max_rollback_depth"], 60) << "the client-core rollback window";
  for (const Json& client : summary["clients"]) {
    EXPECT_GT(client["rtt_ms"].get<double>(), 80.0);
    EXPECT_TRUE(client["hash_matches_server"].get<bool>());
  }

  netsim.signal(SIGTERM);
  EXPECT_EQ(netsim.wait(10.0), 0);
  const Json report = Json::parse(netsim.lastJsonLine());
  EXPECT_GT(report["client_to_server"]["dropped"].get<int>(), 0);
  EXPECT_GT(report["server_to_client"]["duplicated"].get<int>(), 0);
  EXPECT_GT(report["client_to_server"]["reordered"].get<int>(), 0);
  server.process.signal(SIGINT);
  EXPECT_EQ(server.process.wait(10.0), 0);
}

// The living world over the network: platforms and crates are simulated on every
// client from relayed inputs alone, through a lossy, jittery link, and still converge. The bots
// are walkers: each reads the world it predicts with ray and box casts.
TEST(BotsProcess, FourWalkerBotsOnThePlaygroundThroughTheLinkConditionerConverge) {
  test::TempDirectory directory;
  const std::string replayFile = (directory.path() / "playground.rpl").string();
  // All four bots come from the link conditioner's address, as behind a NAT: the default
  // net.peers_per_address (4) lets them all in, retries too.
  ServerProcess server(
      directory, replayFile,
      {"--level", std::string(COYOTE_SOURCE_DIR) + "/configs/levels/playground.tmj"});
  ASSERT_GT(server.port, 0) << server.process.output();
  test::LinkConditioner link(directory, server.port, 3);
  ASSERT_GT(link.port, 0) << link.process.output();

  const Json summary = runBots(directory, link.port, 4, 12.0, {"--brain", "walker"});
  EXPECT_EQ(summary["exit_code"], 0) << summary.dump(1);
  EXPECT_EQ(summary["brain"], "walker");
  EXPECT_TRUE(summary["converged"].get<bool>());
  EXPECT_EQ(summary["total"]["unrepaired_desyncs"], 0);
  for (const Json& client : summary["clients"]) {
    EXPECT_TRUE(client["hash_matches_server"].get<bool>());
  }
  link.process.signal(SIGTERM);
  EXPECT_EQ(link.process.wait(10.0), 0);
  server.process.signal(SIGTERM);
  EXPECT_EQ(server.process.wait(10.0), 0) << server.process.output();
  test::ChildProcess verify({COYOTE_SIM_BINARY, "verify", replayFile},
                            (directory.path() / "verify.log").string());
  EXPECT_EQ(verify.wait(60.0), 0) << verify.output();
  EXPECT_THAT(verify.output(), HasSubstr("OK: "));
}

// yojimbo's soak conditions: 300 ms RTT, 25 % loss and 25 % duplication each way. Every bot
// joins within connect_timeout, none is left disconnected (a dropped one rejoins with its
// token), and all converge on the server's hashes.
TEST(BotsProcess, FourBotsAt300MsAnd25PercentLossAndDuplicationAllJoinAndConverge) {
  test::TempDirectory directory;
  // The bots all come from the link conditioner's address, as behind a NAT: the default
  // net.peers_per_address (4), whose retries never count twice.
  ServerProcess server(directory, (directory.path() / "session.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  test::ChildProcess netsim(
      {COYOTE_NETSIM_BINARY, "--listen", "0", "--forward",
       "127.0.0.1:" + std::to_string(server.port), "--latency", "150", "--loss", "0.25", "--dup",
       "0.25", "--seed", "17", "--port-file", (directory.path() / "netsim-port").string()},
      (directory.path() / "netsim.log").string());
  const int proxyPort = test::waitForPort((directory.path() / "netsim-port").string());
  ASSERT_GT(proxyPort, 0) << netsim.output();

  const Json summary = runBots(directory, proxyPort, 4, 20.0, {"--log-level", "debug"});
  // A bot left rejoining at the end (seen once in about thirty runs) needs both sides' logs.
  EXPECT_EQ(summary["exit_code"], 0) << summary.dump(1) << "\nthe server's log:\n"
                                     << server.process.output();
  EXPECT_TRUE(summary["converged"].get<bool>());
  ASSERT_EQ(summary["clients"].size(), 4u);
  for (const Json& client : summary["clients"]) {
    EXPECT_EQ(client["state"], "playing") << client.dump(1);
    EXPECT_GE(client["joined_after_seconds"].get<double>(), 0.0);
    EXPECT_LE(client["joined_after_seconds"].get<double>(), 15.0);
    EXPECT_TRUE(client["hash_matches_server"].get<bool>());
    EXPECT_GT(client["rtt_ms"].get<double>(), 250.0);
    // True loss, from the sequence of unreliable messages: the link drops 25 % each way
    // (ENet's reliable-only figure showed a fraction of a percent). Each figure is over the last
    // 256 messages, and the bots share datagrams between input batches (about 44 datagrams a
    // second for 60 batches here), which the link drops together: the spread reaches 4–5
    // points, so ±15 is 3 of those, and a figure of ENet's kind still fails. (±10 failed one
    // run in ten: 36.5 % up, once.)
    EXPECT_NEAR(client["loss_percent"].get<double>(), 25.0, 15.0) << "frames";
    // The server's log says why when this fails (governor levels, lag, the metrics lines).
    EXPECT_NEAR(client["up_loss_percent"].get<double>(), 25.0, 15.0)
        << "inputs: " << client.dump() << "\nthe server's log:\n"
        << server.process.output();
  }
  netsim.signal(SIGTERM);
  EXPECT_EQ(netsim.wait(10.0), 0);
  const Json report = Json::parse(netsim.lastJsonLine());
  EXPECT_GT(report["client_to_server"]["dropped"].get<int>(), 0);
  EXPECT_GT(report["server_to_client"]["duplicated"].get<int>(), 0);
}

// ---- honest results: every way a bot can fail is reported and fails the run ---------------

/// The one client of `summary` in `state`, or null.
const Json* clientIn(const Json& summary, const std::string& state) {
  for (const Json& client : summary["clients"]) {
    if (client["state"] == state) {
      return &client;
    }
  }
  return nullptr;
}

// ---- a household behind one NAT: four players from one address on a bad link ------------------

/// One run of `bots` bots from the link conditioner's one address at 300 ms RTT with `loss` of
/// loss and as much duplication each way, against a server with the default configuration.
Json botsBehindOneAddress(int bots, int seed, double loss = 0.25) {
  test::TempDirectory directory(std::to_string(seed));  // runs side by side each have their own
  ServerProcess server(directory, (directory.path() / "session.rpl").string());
  if (server.port <= 0) {
    return Json{{"error", "no server: " + server.process.output()}};
  }
  test::ChildProcess netsim(
      {COYOTE_NETSIM_BINARY, "--listen", "0", "--forward",
       "127.0.0.1:" + std::to_string(server.port), "--latency", "150", "--loss",
       std::to_string(loss), "--dup", std::to_string(loss), "--seed", std::to_string(seed),
       "--port-file", (directory.path() / "netsim-port").string()},
      (directory.path() / "netsim.log").string());
  const int proxyPort = test::waitForPort((directory.path() / "netsim-port").string());
  if (proxyPort <= 0) {
    return Json{{"error", "no link conditioner: " + netsim.output()}};
  }
  // 20 s, as the soak test beside it: a join may take a few attempts at 25 % loss each way, and
  // more under the sanitizers on a busy machine.
  Json summary = runBots(directory, proxyPort, bots, 20.0, {"--log-level", "debug"});
  summary["server_log"] = server.process.output();
  return summary;
}

/// How many of the run's clients ended in `state`.
int clientsIn(const Json& summary, const std::string& state) {
  int count = 0;
  for (const Json& client : summary.value("clients", Json::array())) {
    count += client["state"] == state ? 1 : 0;
  }
  return count;
}

// A retried connect used to leave its earlier half-open attempt counted against
// net.peers_per_address for seconds, and one of four friends was refused in some runs. Ten runs,
// each with its own server and link seed: ten tests, so that ctest runs them side by side (each is
// mostly waiting, and none measures time: a join has the whole 20 s).
class BotsBehindOneAddress : public ::testing::TestWithParam<int> {};

TEST_P(BotsBehindOneAddress, AllFourGetInOverALossyLink) {
  const Json summary = botsBehindOneAddress(4, 100 + GetParam());
  ASSERT_FALSE(summary.contains("error")) << summary["error"];
  EXPECT_EQ(clientsIn(summary, "playing"), 4)
      << summary["clients"].dump(1) << "\nthe server's log:\n"
      << summary["server_log"].get<std::string>() << "\nthe bots' log:\n"
      << summary["bots_log"].get<std::string>();
}

INSTANTIATE_TEST_SUITE_P(TenSeeds, BotsBehindOneAddress, ::testing::Range(0, 10));

// The limit still holds: a fifth player from the address is refused, and told why. Over a link
// that loses nothing: at 25 % loss each way, every one of the few CONNECTs ENet sends before it
// gives up can lose its 13-byte refusal, and the bot then ends without a reason (seen once, under
// the sanitizers).
TEST(BotsProcess, AFifthBotBehindTheSameAddressIsRefusedWithTheReason) {
  const Json summary = botsBehindOneAddress(5, 7, 0.0);
  ASSERT_FALSE(summary.contains("error")) << summary["error"];
  EXPECT_EQ(clientsIn(summary, "playing"), 4) << summary.dump(1);
  const Json* refused = clientIn(summary, "refused");
  ASSERT_NE(refused, nullptr) << summary.dump(1);
  EXPECT_THAT((*refused)["reason"].get<std::string>(), HasSubstr("net.peers_per_address"));
}

TEST(BotsProcess, ARefusedBotIsNotConvergedAndFailsTheRun) {
  test::TempDirectory directory;
  ServerProcess server(directory, (directory.path() / "r.rpl").string(), {"--max-players", "1"});
  ASSERT_GT(server.port, 0) << server.process.output();
  const Json summary = runBots(directory, server.port, 2, 2.0);
  EXPECT_EQ(summary["exit_code"], 1) << summary.dump(1);
  EXPECT_FALSE(summary["converged"].get<bool>());
  const Json* refused = clientIn(summary, "refused");
  ASSERT_NE(refused, nullptr) << summary.dump(1);
  EXPECT_THAT((*refused)["reason"].get<std::string>(), HasSubstr("room main is full (1 players)"));
  EXPECT_FALSE((*refused)["converged"].get<bool>());
  EXPECT_EQ((*refused)["seconds_played"], 0.0);
  const Json* playing = clientIn(summary, "playing");
  ASSERT_NE(playing, nullptr);
  EXPECT_TRUE((*playing)["converged"].get<bool>()) << "the other one played to the end";
  EXPECT_EQ(summary["total"]["converged"], 1);
}

TEST(BotsProcess, ABotThatNeverJoinedIsNotConvergedAndFailsTheRun) {
  test::TempDirectory directory;
  // Nobody listens on the port a server just gave back.
  int port = 0;
  {
    ServerProcess gone(directory, (directory.path() / "r.rpl").string(), {"--run-for", "0.1"});
    port = gone.port;
    ASSERT_EQ(gone.process.wait(10.0), 0);
  }
  const Json summary = runBots(directory, port, 2, 4.0, {"--connect-timeout", "2.5"});
  EXPECT_EQ(summary["exit_code"], 1) << summary.dump(1);
  const Json* never = clientIn(summary, "never joined");
  ASSERT_NE(never, nullptr) << summary.dump(1);
  EXPECT_THAT((*never)["reason"].get<std::string>(), HasSubstr("within 2.5 s"));
  EXPECT_EQ((*never)["joined_after_seconds"], -1.0);
  EXPECT_FALSE((*never)["converged"].get<bool>());
}

TEST(BotsProcess, ABotTheServerSaidGoodbyeToReportsWhenAndWhy) {
  test::TempDirectory directory;
  ServerProcess server(directory, (directory.path() / "r.rpl").string(), {"--run-for", "2"});
  ASSERT_GT(server.port, 0) << server.process.output();
  const Json summary = runBots(directory, server.port, 2, 4.0);
  EXPECT_EQ(summary["exit_code"], 1) << summary.dump(1);
  for (const Json& client : summary["clients"]) {
    EXPECT_EQ(client["state"], "disconnected");
    EXPECT_THAT(client["reason"].get<std::string>(), HasSubstr("server run time elapsed"));
    EXPECT_GT(client["ended_at_tick"].get<int>(), 60);
    EXPECT_LT(client["seconds_played"].get<double>(), 3.0);
    EXPECT_FALSE(client["converged"].get<bool>());
  }
}

TEST(BotsProcess, ABotDroppedWithoutAWordIsNotConverged) {
  test::TempDirectory directory;
  ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  test::ChildProcess bots(
      {COYOTE_BOT_BINARY, "--connect", "127.0.0.1:" + std::to_string(server.port), "--count", "2",
       "--seconds", "4"},
      (directory.path() / "bots.log").string());
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  server.process.signal(SIGSTOP);  // the server goes silent: no goodbye, no frames
  const int exitCode = bots.wait(30.0);
  server.process.signal(SIGCONT);
  server.process.signal(SIGTERM);
  server.process.wait(10.0);
  EXPECT_EQ(exitCode, 1) << bots.output();
  const Json summary = Json::parse(bots.lastJsonLine());
  for (const Json& client : summary["clients"]) {
    EXPECT_GT(client["seconds_without_progress"].get<double>(), 2.0);
    EXPECT_FALSE(client["converged"].get<bool>()) << client.dump();
  }
}

/// Bots named keep0 and keep1 play `seconds`, then are killed: no goodbye reaches the server,
/// which keeps their slots for their reconnect window (30 s), as it would after a lossy link.
void killedMidRun(test::TempDirectory& directory, int port) {
  test::ChildProcess bots({COYOTE_BOT_BINARY, "--connect", "127.0.0.1:" + std::to_string(port),
                           "--count", "2", "--seconds", "30", "--name", "keep"},
                          (directory.path() / "killed-bots.log").string());
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  bots.signal(SIGKILL);
  bots.wait(5.0);
}

// Each bot name keeps its key (in the user's data folder, here the test's): bots whose run ended
// without a goodbye come back under their own names, their reservations giving way to their own
// keys. With --new-keys, the same names are someone else's and are refused while reserved.
TEST(BotsProcess, BotsComeBackUnderTheirNamesAfterARunWhoseGoodbyesWereLost) {
  test::TempDirectory directory;
  ASSERT_EQ(setenv("XDG_DATA_HOME", (directory.path() / "data").c_str(), 1), 0);
  ServerProcess server(directory, (directory.path() / "r.rpl").string());
  ASSERT_GT(server.port, 0) << server.process.output();
  killedMidRun(directory, server.port);
  const Json back = runBots(directory, server.port, 2, 2.0, {"--name", "keep"});
  EXPECT_EQ(back["exit_code"], 0) << back.dump(1);
  EXPECT_EQ(back["total"]["converged"], 2) << back.dump(1);
  EXPECT_TRUE(std::filesystem::exists(directory.path() / "data/coyote/bot-keys/6b65657030.key"))
      << "keep0's key, kept";
  killedMidRun(directory, server.port);
  const Json strangers = runBots(directory, server.port, 2, 2.0, {"--name", "keep", "--new-keys"});
  EXPECT_EQ(strangers["exit_code"], 1) << strangers.dump(1);
  EXPECT_EQ(strangers["total"]["converged"], 0) << strangers.dump(1);
  const Json* refused = clientIn(strangers, "refused");
  ASSERT_NE(refused, nullptr) << strangers.dump(1);
  EXPECT_THAT((*refused)["reason"].get<std::string>(), HasSubstr("is taken on this server"));
}

}  // namespace
}  // namespace coyote
