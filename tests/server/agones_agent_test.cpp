// The Agones REST SDK client against a recording sidecar on loopback that starts late, checked
// against the REST contract: POST /ready first, POST /health on its interval while the loop
// ticks, PUT /metadata/label with the player count, POST /shutdown once after the match.
#include "server/agones_agent.h"

#include <chrono>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "identity/hello_proof.h"
#include "io/config_error.h"
#include "support/quiet_logger.h"
#include "support/recording_sidecar.h"
#include "util/monotonic_clock.h"

namespace coyote {
namespace {

using test::Call;
using test::freeTcpPort;
using test::RecordingSidecar;

/// Runs `agent` as the tick loop would for `seconds`: ticking (or not), with `players`.
void loopFor(AgonesAgent& agent, double seconds, int players, bool ticking = true) {
  const double end = monotonicSeconds() + seconds;
  const double stalledAt = monotonicSeconds();
  while (monotonicSeconds() < end) {
    agent.update(ticking ? monotonicSeconds() : stalledAt - 2.0, players);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

TEST(AgonesAgent, FollowsTheRestContractAndRetriesASidecarThatIsNotUpYet) {
  AgonesSettings settings;
  settings.sdkPort = freeTcpPort();
  settings.healthInterval = 0.25;
  settings.shutdownWhenEmptyAfter = 0.6;
  settings.retryInterval = 0.1;
  AgonesAgent agent(settings, test::quietLogger(), monotonicSeconds);
  loopFor(agent, 0.4, 0);  // the sidecar is not up: the agent keeps trying
  RecordingSidecar sidecar(settings.sdkPort);
  ASSERT_TRUE(sidecar.bound());
  const double up = monotonicSeconds();
  loopFor(agent, 0.8, 0);
  loopFor(agent, 0.8, 2);  // a match
  const double emptied = monotonicSeconds();
  loopFor(agent, 2.0, 0);  // over: shutdown after 0.6 s
  const std::vector<Call> calls = sidecar.calls();

  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls[0].method, "POST");
  EXPECT_EQ(calls[0].path, "/ready");
  EXPECT_EQ(calls[0].body, "{}");
  EXPECT_LT(calls[0].at - up, 0.5);  // retried every 0.1 s, not given up
  std::vector<double> health;
  std::vector<std::string> labels;
  int shutdowns = 0;
  for (const Call& call : calls) {
    if (call.path == "/health") {
      EXPECT_EQ(call.method, "POST");
      health.push_back(call.at);
    } else if (call.path == "/metadata/label") {
      EXPECT_EQ(call.method, "PUT");
      labels.push_back(call.body);
    } else if (call.path == "/shutdown") {
      ++shutdowns;
      EXPECT_GE(call.at - emptied, 0.6);
      EXPECT_LT(call.at - emptied, 1.8);  // a loaded machine may be late, never early
      EXPECT_EQ(&call, &calls.back()) << "nothing after the shutdown";
    }
  }
  EXPECT_EQ(shutdowns, 1);
  EXPECT_EQ(labels, (std::vector<std::string>{R"({"key":"players","value":"0"})",
                                              R"({"key":"players","value":"2"})",
                                              R"({"key":"players","value":"0"})"}));
  ASSERT_GE(health.size(), 4u);  // about 2.2 s / 0.25 s of ticking before the shutdown
  for (std::size_t i = 1; i < health.size(); ++i) {
    EXPECT_GE(health[i] - health[i - 1], 0.24);
    EXPECT_LT(health[i] - health[i - 1], 1.0);
  }
}

TEST(AgonesAgent, LearnsWherePlayersReachItFromItsGameServersStatus) {
  AgonesSettings settings;
  settings.sdkPort = freeTcpPort();
  settings.retryInterval = 0.1;
  RecordingSidecar sidecar(settings.sdkPort);
  ASSERT_TRUE(sidecar.bound());
  AgonesAgent agent(settings, test::quietLogger(), monotonicSeconds);
  loopFor(agent, 0.4, 0);
  EXPECT_FALSE(agent.publicEndpoint()) << "scheduled: no address yet";
  sidecar.setGameServer(R"({"object_meta": {"name": "coyote-x7"}, "status": {"state": "Ready",
      "address": "203.0.113.9", "ports": [{"name": "metrics", "port": 30001},
      {"name": "default", "port": 7654}]}})");
  loopFor(agent, 0.4, 0);
  const auto endpoint = agent.publicEndpoint();
  ASSERT_TRUE(endpoint);
  EXPECT_EQ(identity::endpointText(*endpoint), "203.0.113.9:7654");
  int reads = 0;
  for (const Call& call : sidecar.calls()) {
    reads += call.path == "/gameserver" ? 1 : 0;
  }
  loopFor(agent, 0.3, 0);
  int readsAfter = 0;
  for (const Call& call : sidecar.calls()) {
    readsAfter += call.path == "/gameserver" ? 1 : 0;
  }
  EXPECT_EQ(readsAfter, reads) << "read once it had the address, not again";
}

TEST(AgonesAgent, TakesTheAddressAndPortOfAGameServerStatusOnlyWhenTheyAreWhole) {
  const auto endpoint = [](const std::string& json) {
    const auto read = gameServerEndpoint(json);
    return read ? identity::endpointText(*read) : std::string("none");
  };
  EXPECT_EQ(endpoint(R"({"status": {"address": "10.0.0.5", "ports": [{"port": 7001}]}})"),
            "10.0.0.5:7001");  // no port named default: the first
  EXPECT_EQ(endpoint(R"({"status": {"state": "Scheduled"}})"), "none");
  EXPECT_EQ(endpoint(R"({"status": {"address": "node-1.example", "ports": [{"port": 7}]}})"),
            "none");
  EXPECT_EQ(endpoint(R"({"status": {"address": "10.0.0.5", "ports": [{"port": 70000}]}})"), "none");
  EXPECT_EQ(endpoint(R"({"status": {"address": "10.0.0.5", "ports": "7001"}})"), "none");
  EXPECT_EQ(endpoint("not json"), "none");
}

TEST(AgonesAgent, AStalledLoopSendsNoHealth) {
  AgonesSettings settings;
  settings.sdkPort = freeTcpPort();
  settings.healthInterval = 0.1;
  RecordingSidecar sidecar(settings.sdkPort);
  {
    AgonesAgent agent(settings, test::quietLogger(), monotonicSeconds);
    loopFor(agent, 0.8, 0, false);
  }
  int health = 0;
  for (const Call& call : sidecar.calls()) {
    health += call.path == "/health" ? 1 : 0;
  }
  EXPECT_EQ(health, 0);
  ASSERT_FALSE(sidecar.calls().empty());
  EXPECT_EQ(sidecar.calls()[0].path, "/ready");
}

TEST(AgonesAgent, TheSdkPortComesFromTheEnvironmentAndIsChecked) {
  int port = 0;
  EXPECT_FALSE(agonesPortFromEnvironment(nullptr, port));
  EXPECT_TRUE(agonesPortFromEnvironment("9358", port));
  EXPECT_EQ(port, 9358);
  for (const char* bad : {"", "abc", "0", "70000", "9358x", "-1"}) {
    try {
      agonesPortFromEnvironment(bad, port);
      ADD_FAILURE() << "accepted \"" << bad << "\"";
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find("AGONES_SDK_HTTP_PORT"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace coyote
