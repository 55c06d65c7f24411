#pragma once

#include <string>

namespace coyote {

/// Where an installed Coyote keeps what it ships (docs/hosting.md#on-a-debian-server-with-systemd):
/// share/coyote beside the programs' bin/ (/usr/share/coyote for the packages; "" if the
/// program cannot find itself), and the host's settings (/etc/coyote, a build setting).
std::string installedDataFolder();
/// The folder of the running program itself, "" if it cannot find itself.
std::string programFolder();
std::string systemConfigFolder();

/// The settings file `name` (server.toml, master.toml, client.toml) a program reads when given
/// none: configs/NAME of the working directory (a checkout, or a folder of one's own), else the
/// host's /etc/coyote/NAME, else the installed default; "" when there is none of them.
std::string defaultConfigFile(const std::string& name);

/// The same, but never the host's /etc/coyote: for the server the client starts for a game on
/// this machine, which must not take a host's password, records or admin token.
std::string shippedConfigFile(const std::string& name);

/// A file a setting names (a level, say): as given when it exists there or is absolute, else the
/// installed copy of it (configs/levels/arena.tmj under the data folder) when that exists, else
/// as given (its loader then names the path as written).
std::string installedDataFile(const std::string& path);

}  // namespace coyote
