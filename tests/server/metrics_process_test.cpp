// The HTTP endpoints of a real coyote-server, scraped while real bots play, and read with the
// Prometheus client library's own parser.
#include <gtest/gtest.h>

#include <cstdlib>

#include "support/coyote_processes.h"
#include "support/metrics_scrape.h"
#include "support/recording_sidecar.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"

namespace coyote {
namespace {

using test::samplesOf;
using test::scrape;
using test::valueOf;

TEST(MetricsProcess, AlivePlayedServerIsScrapedAndParsedByAPrometheusParser) {
  test::TempDirectory directory;
  const std::string portFile = (directory.path() / "metrics_port").string();
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string(),
                             {"--metrics-port", "-1", "--metrics-port-file", portFile});
  const int metricsPort = test::waitForPort(portFile);
  ASSERT_GT(metricsPort, 0) << server.process.output();
  const Json bots = test::runBots(directory, server.port, 3, 3.0);
  EXPECT_TRUE(bots["converged"].get<bool>());
  std::this_thread::sleep_for(std::chrono::milliseconds(600));  // a page after the bots left

  const Json page = scrape(metricsPort);
  ASSERT_TRUE(page.contains("families")) << page.dump();
  EXPECT_EQ(page["content_type"], "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(page["healthz"], 200);
  EXPECT_EQ(page["readyz"], 200);
  const Json& families = page["families"];
  EXPECT_EQ(families["coyote_tick_duration_seconds"]["type"], "summary");
  for (const char* quantile : {"0.5", "0.95", "0.99"}) {
    const auto samples = samplesOf(page, "coyote_tick_duration_seconds", {{"quantile", quantile}});
    ASSERT_EQ(samples.size(), 1u) << quantile;
    EXPECT_GT(samples[0]["value"].get<double>(), 0.0);
    EXPECT_LT(samples[0]["value"].get<double>(), 0.1);  // seconds, not microseconds
  }
  for (const char* stage : {"platforms", "joints", "bodies", "characters", "rules"}) {
    EXPECT_EQ(
        samplesOf(page, "coyote_step_stage_duration_seconds", {{"stage", stage}, {"room", "main"}})
            .size(),
        5u)
        << stage;  // three quantiles, _sum and _count
  }
  EXPECT_GT(valueOf(page, "coyote_ticks", "coyote_ticks_total"), 180.0);
  EXPECT_EQ(families["coyote_ticks"]["type"], "counter");
  EXPECT_GT(valueOf(page, "coyote_sent_bytes", "coyote_sent_bytes_total"), 1000.0);
  EXPECT_GT(valueOf(page, "coyote_received_datagrams", "coyote_received_datagrams_total"), 100.0);
  EXPECT_EQ(valueOf(page, "coyote_players", "coyote_players"), 0.0);  // they have left
  EXPECT_EQ(samplesOf(page, "coyote_players", {{"room", "main"}}).size(), 1u);
  EXPECT_EQ(valueOf(page, "coyote_rooms", "coyote_rooms"), 1.0);
  EXPECT_EQ(families["coyote_players"]["type"], "gauge");
  EXPECT_EQ(valueOf(page, "coyote_bad_packets", "coyote_bad_packets_total"), 0.0);
  EXPECT_GT(valueOf(page, "coyote_resident_memory_bytes", "coyote_resident_memory_bytes"), 1.0e6);
  EXPECT_GE(valueOf(page, "coyote_tick", "coyote_tick"), 180.0);

  // The container's HEALTHCHECK: the server's own --check-health.
  const std::string url = "http://127.0.0.1:" + std::to_string(metricsPort);
  EXPECT_EQ(
      test::runCommand(std::string(COYOTE_SERVER_BINARY) + " --check-health " + url + "/healthz")
          .exitCode,
      0);
  const test::CommandResult missing =
      test::runCommand(std::string(COYOTE_SERVER_BINARY) + " --check-health " + url + "/nothing");
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_NE(missing.output.find("404"), std::string::npos) << missing.output;
}

using test::ScopedEnvironment;

// Agones sets AGONES_SDK_HTTP_PORT; the real server then calls the SDK in the contract's order.
TEST(AgonesProcess, ARealServerTellsTheSidecarReadyHealthPlayersAndShutdown) {
  test::RecordingSidecar sidecar(test::freeTcpPort());
  ASSERT_TRUE(sidecar.bound());
  const ScopedEnvironment environment{{"AGONES_SDK_HTTP_PORT", std::to_string(sidecar.port())},
                                      {"COYOTE_AGONES_HEALTH_INTERVAL", "0.5"},
                                      {"COYOTE_AGONES_SHUTDOWN_WHEN_EMPTY_AFTER", "1"}};
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string());
  const Json bots = test::runBots(directory, server.port, 2, 2.0);
  EXPECT_TRUE(bots["converged"].get<bool>());
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // empty for over a second

  std::vector<std::string> sequence;  // the calls, consecutive health pings counted once
  for (const test::Call& call : sidecar.calls()) {
    const std::string entry =
        call.method + " " + call.path + (call.path == "/metadata/label" ? " " + call.body : "");
    if (sequence.empty() || sequence.back() != entry) {
      sequence.push_back(entry);
    }
  }
  ASSERT_FALSE(sequence.empty()) << server.process.output();
  EXPECT_EQ(sequence.front(), "POST /ready");
  EXPECT_EQ(sequence.back(), "POST /shutdown");
  const auto position = [&](const std::string& entry) {
    return std::find(sequence.begin(), sequence.end(), entry) - sequence.begin();
  };
  const auto two = position(R"(PUT /metadata/label {"key":"players","value":"2"})");
  ASSERT_LT(two, static_cast<std::ptrdiff_t>(sequence.size()));
  EXPECT_NE(std::find(sequence.begin() + two, sequence.end(),
                      R"(PUT /metadata/label {"key":"players","value":"0"})"),
            sequence.end());
  EXPECT_LT(position("POST /health"), static_cast<std::ptrdiff_t>(sequence.size()));
  EXPECT_EQ(std::count(sequence.begin(), sequence.end(), "POST /shutdown"), 1);
}

}  // namespace
}  // namespace coyote
