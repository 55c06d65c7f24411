#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/toml_table_reader.h"

namespace coyote {

/// Everything `coyote-master` can be told (docs/master.md#configuration), with defaults and
/// units. `configs/master.toml` mirrors it; flags override the file; `COYOTE_MASTER_<KEY>`
/// environment variables override both.
struct MasterConfig {
  std::string bind = "0.0.0.0";
  std::int32_t port = 8300;         ///< HTTP: /register, /servers.json, /metrics, /healthz (0: any)
  float expirySeconds = 45.0f;      ///< a server unheard of this long leaves the list
  std::int32_t maxServers = 20000;  ///< listed at once, in all
  std::int32_t serversPerAddress = 32;       ///< listed at once from one IP address
  std::int32_t registrationsPerMinute = 60;  ///< POST /register from one IP address
  std::int32_t tokensPerMinute = 64;         ///< token datagrams to one IP address
  float listInterval = 2.0f;                 ///< s: /servers.json is rebuilt at most this often
  /// List servers at loopback, private (RFC 1918), link-local or shared (RFC 6598) addresses:
  /// a master for a LAN or for tests, never one on the internet.
  bool listPrivateAddresses = false;
  std::int32_t connections = 1024;          ///< HTTP connections at once
  std::int32_t connectionsPerAddress = 16;  ///< HTTP connections at once from one IP address
  /// Reverse proxies (a TLS front, docs/master.md#behind-tls) whose X-Forwarded-For names the
  /// address a request came from: the address a registration proves and its limits count.
  std::vector<std::string> trustedProxies;
};

void readMasterConfig(TomlTableReader& root, MasterConfig& config);
/// Loads a master TOML file over `config`. Refusals name the file, the key path and the reason.
void loadMasterConfigFile(const std::string& file, MasterConfig& config);
/// Applies `COYOTE_MASTER_<KEY>=value` variables from `environment` (`environ`-style).
void applyMasterEnvironment(char** environment, MasterConfig& config);

}  // namespace coyote
