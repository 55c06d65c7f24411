#pragma once

#include <string>
#include <vector>

#include "server/base/server_config.h"

namespace coyote {

/// What reading the settings again (SIGHUP, docs/hosting.md#reloading-the-settings) changed in
/// a running server.
struct SettingsChange {
  std::vector<std::string> applied;  ///< the keys taken at once ("server.motd", …)
  bool restartNeeded = false;        ///< other settings differ: they wait for a restart
};

/// Takes from `fresh` into `running` what a running server can change at once — server.name,
/// server.motd, server.password — and says which changed and whether any other setting did.
SettingsChange takeLiveSettings(ServerConfig& running, const ServerConfig& fresh);

}  // namespace coyote
