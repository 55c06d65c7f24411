#include "master/master_config.h"

#include "config/environment_table.h"
#include "http/forwarded_client.h"

namespace coyote {
namespace {

constexpr std::string_view kSections[] = {"master"};
constexpr std::string_view kListVariables[] = {"master_trusted_proxies"};

}  // namespace

void readMasterConfig(TomlTableReader& root, MasterConfig& c) {
  TomlTableReader master = root.section("master");
  master.read("bind", c.bind);
  master.read("port", c.port, 0, 65535);
  // A game server registers every 15 s: an expiry must let a heartbeat come, and one be late.
  master.read("expiry_seconds", c.expirySeconds, 20.0f, 3600.0f);
  master.read("max_servers", c.maxServers, 1, 1000000);
  master.read("servers_per_address", c.serversPerAddress, 1, 100000);
  master.read("registrations_per_minute", c.registrationsPerMinute, 1, 100000);
  master.read("tokens_per_minute", c.tokensPerMinute, 1, 100000);
  master.read("list_interval", c.listInterval, 0.0f, 600.0f);
  master.read("list_private_addresses", c.listPrivateAddresses);
  master.read("connections", c.connections, 1, 60000);
  master.read("connections_per_address", c.connectionsPerAddress, 1, 60000);
  master.read("trusted_proxies", c.trustedProxies);
  if (const std::string problem = trustedProxiesProblem(c.trustedProxies); !problem.empty()) {
    master.fail("trusted_proxies", problem);
  }
  master.rejectUnknownKeys();
  root.rejectUnknownKeys();
}

void loadMasterConfigFile(const std::string& file, MasterConfig& config) {
  const toml::table root = parseTomlFile(file);
  TomlTableReader reader(root, file, "");
  readMasterConfig(reader, config);
}

void applyMasterEnvironment(char** environment, MasterConfig& config) {
  const toml::table root = environmentTable(environment, {kSections, kListVariables});
  TomlTableReader reader(root, kEnvironmentSource, "");
  readMasterConfig(reader, config);
}

}  // namespace coyote
