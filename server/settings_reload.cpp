#include "server/settings_reload.h"

namespace coyote {
namespace {

/// One live setting: its key and where it lives.
struct LiveSetting {
  const char* key;
  std::string ServerConfig::*field;
};
constexpr LiveSetting kLiveSettings[] = {{"server.name", &ServerConfig::serverName},
                                         {"server.motd", &ServerConfig::motd},
                                         {"server.password", &ServerConfig::password}};

}  // namespace

SettingsChange takeLiveSettings(ServerConfig& running, const ServerConfig& fresh) {
  SettingsChange change;
  ServerConfig rest = fresh;  // the others: compared, never taken
  for (const LiveSetting& setting : kLiveSettings) {
    if (running.*setting.field != fresh.*setting.field) {
      running.*setting.field = fresh.*setting.field;
      change.applied.emplace_back(setting.key);
    }
    rest.*setting.field = running.*setting.field;
  }
  change.restartNeeded = !(rest == running);
  return change;
}

}  // namespace coyote
