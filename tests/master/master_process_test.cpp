// The master server with real game servers (docs/master.md): listing, expiry, a restarted
// master, the browser's core reading two masters when one is down, a master behind TLS.

#include <csignal>
#include <fstream>
#include <iterator>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "client/core/master_list.h"
#include "client/core/server_query.h"
#include "support/coyote_processes.h"
#include "support/master_process.h"
#include "support/recording_sidecar.h"
#include "support/tls_front.h"

namespace coyote {
namespace {

using test::MasterProcess;
using test::secondsUntil;
using test::ServerProcess;
using test::TempDirectory;
using ::testing::HasSubstr;

/// A coyote-server named `name`, registering with `masters` (comma-separated URLs).
struct RegisteringServer {
  TempDirectory directory;  ///< named after the server: each has its own
  test::ScopedEnvironment environment;
  ServerProcess server;

  RegisteringServer(const std::string& name, const std::string& masters)
      : directory(name),
        environment{{"COYOTE_SERVER_MASTERS", masters},
                    {"COYOTE_SERVER_NAME", name},
                    {"COYOTE_SERVER_MOTD", "the motd of " + name}},
        server(directory, (directory.path() / "game.rpl").string()) {}
};

TEST(MasterProcess, ListsThreeServersWithTheirRoomsAndDropsOneThatStopped) {
  MasterProcess master;
  const auto start = std::chrono::steady_clock::now();
  RegisteringServer a("alpha", master.url());
  RegisteringServer b("beta", master.url());
  RegisteringServer c("gamma", master.url());
  const auto listed = secondsUntil([&] { return master.servers().size() == 3; }, 20.0);
  ASSERT_TRUE(listed) << master.servers().dump();
  std::printf("figure: three servers started and listed in %.2f s\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  const nlohmann::json entry = master.server(b.server.port);
  ASSERT_FALSE(entry.is_null());
  EXPECT_EQ(entry["info"]["name"], "beta");
  EXPECT_EQ(entry["info"]["motd"], "the motd of beta");
  ASSERT_EQ(entry["info"]["rooms"].size(), 1u);
  EXPECT_EQ(entry["info"]["rooms"][0]["name"], "main");
  EXPECT_EQ(entry["info"]["rooms"][0]["mode"], "play");
  EXPECT_EQ(entry["info"]["rooms"][0]["max_players"], 16);

  b.server.process.signal(SIGTERM);
  // It says goodbye: off the list at once (the list is rebuilt every 2 s), not at the expiry.
  const auto gone = secondsUntil([&] { return master.servers().size() == 2; }, 10.0);
  ASSERT_TRUE(gone) << master.servers().dump();
  std::printf("figure: a stopped server left the list after %.2f s\n", *gone);
  EXPECT_EQ(master.metric("coyote_master_left_total"), 1.0);
  EXPECT_TRUE(master.server(b.server.port).is_null());
  EXPECT_FALSE(master.server(a.server.port).is_null());
  EXPECT_FALSE(master.server(c.server.port).is_null());
}

TEST(MasterProcess, ARestartedMasterListsTheServersAgainWithinOneHeartbeat) {
  auto master = std::make_unique<MasterProcess>();
  const int port = master->port;
  RegisteringServer a("alpha", master->url());
  RegisteringServer b("beta", master->url());
  ASSERT_TRUE(secondsUntil([&] { return master->servers().size() == 2; }, 20.0));

  master->process.signal(SIGTERM);
  EXPECT_EQ(master->process.wait(5.0), 0);
  master.reset();
  master = std::make_unique<MasterProcess>(45.0, port);  // a new key: every old token is void
  const auto again = secondsUntil([&] { return master->servers().size() == 2; }, 20.0);
  ASSERT_TRUE(again) << master->servers().dump();
  std::printf("figure: a restarted master listed both servers again after %.2f s\n", *again);
  EXPECT_LE(*again, 15.0 + 2.0);  // one heartbeat, and the token's round trip
}

TEST(MasterProcess, TheBrowsersCoreListsEveryServerWhenOneOfTwoMastersIsDown) {
  MasterProcess first;
  MasterProcess second;
  const std::string both = first.url() + "," + second.url();
  RegisteringServer a("alpha", both);
  RegisteringServer b("beta", both);
  RegisteringServer c("gamma", both);
  ASSERT_TRUE(secondsUntil([&] { return second.servers().size() == 3; }, 20.0));
  first.process.signal(SIGTERM);
  EXPECT_EQ(first.process.wait(5.0), 0);

  TempDirectory cache;
  const std::string cacheFile = (cache.path() / "servers.json").string();
  MasterList masters({first.url(), second.url()}, cacheFile);
  ASSERT_TRUE(secondsUntil([&] { return masters.done(); }, 10.0));
  const MasterList::Snapshot snapshot = masters.snapshot();
  ASSERT_EQ(snapshot.servers.size(), 3u);
  EXPECT_FALSE(snapshot.masters[0].answered);
  EXPECT_TRUE(snapshot.masters[1].answered);

  ServerQuery query({}, {});
  for (const listing::ListedServer& server : snapshot.servers) {
    query.add(server.host, server.port);
  }
  double now = 0.0;
  ASSERT_TRUE(secondsUntil(
      [&] {
        query.update(now += 0.05);
        return query.servers().size() == 3;
      },
      5.0));
  std::set<std::string> names;
  for (const ServerListing& listing : query.servers()) {
    names.insert(listing.info.name);
    EXPECT_FALSE(listing.lan);
  }
  EXPECT_EQ(names, (std::set<std::string>{"alpha", "beta", "gamma"}));

  second.process.signal(SIGTERM);  // no master at all: the list from the disk
  EXPECT_EQ(second.process.wait(5.0), 0);
  MasterList offline({first.url(), second.url()}, cacheFile);
  EXPECT_TRUE(offline.snapshot().fromCache);
  EXPECT_EQ(offline.snapshot().servers.size(), 3u);
  ASSERT_TRUE(secondsUntil([&] { return offline.done(); }, 10.0));
  EXPECT_EQ(offline.snapshot().servers.size(), 3u);
}

// docs/master.md#behind-tls: a TLS front ends HTTPS and forwards to the master, which trusts it
// to say who asked. The server reaches it with its https:// URL, OpenSSL loaded as the module
// tls_client; a server that does not trust the front's certificate sends it nothing.
TEST(MasterProcess, AMasterBehindTlsListsServersThatTrustItsCertificateAlone) {
  MasterProcess master(45.0, 0, {{"COYOTE_MASTER_TRUSTED_PROXIES", "127.0.0.1"}});
  test::TlsFront front(master.port);
  const auto startTrusting = [&](const std::string& name, const std::string& authorities) {
    const test::ScopedEnvironment trusting{{"SSL_CERT_FILE", authorities}};
    return std::make_unique<RegisteringServer>(name, front.url());
  };
  const auto secure = startTrusting("secure", front.certificate);
  const auto doubting = startTrusting("doubting", "/nonexistent/authorities.pem");

  const auto listed = secondsUntil([&] { return master.servers().size() == 1; }, 20.0);
  ASSERT_TRUE(listed) << master.servers().dump() << front.process.output();
  std::printf("figure: listed through TLS after %.2f s\n", *listed);
  EXPECT_EQ(master.server(secure->server.port)["info"]["name"], "secure");
  EXPECT_THAT(front.process.output(), HasSubstr("handshake from 127.0.0.1"));
  std::ifstream maps(fmt::format("/proc/{}/maps", secure->server.process.pid()));
  const std::string mapped{std::istreambuf_iterator<char>(maps), {}};
  EXPECT_THAT(mapped, HasSubstr("tls_client.so")) << "OpenSSL comes with the module";

  ASSERT_TRUE(secondsUntil(
      [&] { return doubting->server.process.output().find("is refused") != std::string::npos; },
      10.0))
      << doubting->server.process.output();
  EXPECT_THAT(doubting->server.process.output(),
              HasSubstr("the certificate of 127.0.0.1 is refused: "));
  EXPECT_THAT(front.process.output(), HasSubstr("refused: "));
  EXPECT_TRUE(master.server(doubting->server.port).is_null());

  test::ScopedEnvironment browserTrusts{{"SSL_CERT_FILE", front.certificate}};
  MasterList browser({front.url()}, "");
  ASSERT_TRUE(secondsUntil([&] { return browser.done(); }, 10.0));
  const MasterList::Snapshot snapshot = browser.snapshot();
  EXPECT_TRUE(snapshot.masters[0].answered) << snapshot.masters[0].problem;
  ASSERT_EQ(snapshot.servers.size(), 1u);
  EXPECT_EQ(snapshot.servers[0].port, secure->server.port);
}

// Under Agones players reach a server at its node's address and a host port Agones chose, which
// the server learns from the SDK sidecar: that is what it registers. Here coyote-netsim stands
// for the host port, forwarding to the server's own port.
TEST(MasterProcess, AServerUnderAgonesRegistersTheAddressAndPortOfItsGameServer) {
  MasterProcess master;
  TempDirectory directory;
  test::RecordingSidecar sidecar(test::freeTcpPort());
  ASSERT_TRUE(sidecar.bound());
  const test::ScopedEnvironment environment{
      {"AGONES_SDK_HTTP_PORT", std::to_string(sidecar.port())},
      {"COYOTE_SERVER_MASTERS", master.url()},
      {"COYOTE_SERVER_NAME", "fleet member"}};
  ServerProcess server(directory, (directory.path() / "game.rpl").string());
  test::ChildProcess hostPort({COYOTE_NETSIM_BINARY, "--listen", "0", "--forward",
                               "127.0.0.1:" + std::to_string(server.port), "--port-file",
                               (directory.path() / "netsim-port").string()},
                              (directory.path() / "netsim.log").string());
  const int nodePort = test::waitForPort((directory.path() / "netsim-port").string());
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_TRUE(master.servers().empty()) << "no registration before the address is known";
  sidecar.setGameServer(fmt::format(
      R"({{"status": {{"state": "Ready", "address": "127.0.0.1", "ports": [{{"name": "default",
          "port": {}}}]}}}})",
      nodePort));
  ASSERT_TRUE(secondsUntil([&] { return !master.server(nodePort).is_null(); }, 10.0))
      << master.servers().dump();
  EXPECT_EQ(master.server(nodePort)["info"]["name"], "fleet member");
  EXPECT_TRUE(master.server(server.port).is_null()) << "the pod's own port is not listed";
  EXPECT_THAT(server.process.output(),
              ::testing::HasSubstr(
                  fmt::format("agones: players reach this server at 127.0.0.1:{}", nodePort)));
}

}  // namespace
}  // namespace coyote
