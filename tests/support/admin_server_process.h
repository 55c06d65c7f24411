#pragma once

#include <string>

#include <fmt/format.h>

#include "support/coyote_processes.h"
#include "support/run_command.h"
#include "support/scoped_environment.h"

namespace coyote::test {

/// What an AdminServerProcess is started with besides its defaults.
struct AdminServerOptions {
  std::string bansFile{};         ///< "": in its own folder; else one a later server may read
  std::string publicAddresses{};  ///< server.public_addresses, comma-separated
  std::string recordsPath{};      ///< records.path ("": no records)
};

/// A real coyote-server with its admin API on a free HTTP port and its bans in its own folder,
/// and coyote-admin to drive it.
struct AdminServerProcess {
  static constexpr const char* kToken = "a-token-of-more-than-16-characters";

  explicit AdminServerProcess(const AdminServerOptions& options = {})
      : environment{{"COYOTE_ADMIN_TOKEN", kToken},
                    {"COYOTE_ADMIN_BANS_FILE", options.bansFile.empty()
                                                   ? (directory.path() / "bans.json").string()
                                                   : options.bansFile},
                    {"COYOTE_SERVER_PUBLIC_ADDRESSES", options.publicAddresses},
                    {"COYOTE_RECORDS_PATH", options.recordsPath}} {}

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
