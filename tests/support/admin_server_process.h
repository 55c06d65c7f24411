#pragma once

#include <string>

#include <fmt/format.h>

#include "support/coyote_processes.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"

namespace coyote::test {

/// A real coyote-server with its admin API on a free HTTP port and its bans in its own folder
/// (or in `bansFile`, which a server started after it may read), and coyote-admin to drive it.
/// `publicAddresses`: its server.public_addresses, comma-separated.
struct AdminServerProcess {
  static constexpr const char* kToken = "a-token-of-more-than-16-characters";

  explicit AdminServerProcess(const std::string& bansFile = "",
                              const std::string& publicAddresses = "")
      : environment{{"COYOTE_ADMIN_TOKEN", kToken},
                    {"COYOTE_ADMIN_BANS_FILE",
                     bansFile.empty() ? (directory.path() / "bans.json").string() : bansFile},
                    {"COYOTE_SERVER_PUBLIC_ADDRESSES", publicAddresses}} {}

  TempDirectory directory;
  ScopedEnvironment environment;
  ServerProcess server{
      directory,
      (directory.path() / "game.rpl").string(),
      {"--metrics-port", "-1", "--metrics-port-file", (directory.path() / "http-port").string()}};
  int http = waitForPort((directory.path() / "http-port").string());

  /// coyote-admin with `arguments` and the right token.
  CommandResult admin(const std::string& arguments) const {
    return runCommand(fmt::format("COYOTE_ADMIN_TOKEN='{}' {} --url http://127.0.0.1:{} {}", kToken,
                                  COYOTE_ADMIN_BINARY, http, arguments));
  }
};

}  // namespace coyote::test
