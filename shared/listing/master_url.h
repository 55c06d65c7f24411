#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace coyote::listing {

/// A master server's base URL, `http://host[:port][/path]`, as game servers (server.masters)
/// and browsers (client.masters) name it. Plain HTTP: what the list carries is public, and the
/// token, not the channel, proves a game server's address.
struct MasterUrl {
  std::string origin;  ///< "http://host[:port]", for an HTTP client
  std::string path;    ///< "" or "/prefix", without a trailing slash
  std::string host;    ///< as in the URL, without a v6 address's brackets
  std::uint16_t port = 80;

  /// `path` + `route` ("/register", "/servers.json").
  std::string at(const std::string& route) const { return path + route; }
};

/// The URL read, or nullopt and the reason (naming the URL) in `problem`.
std::optional<MasterUrl> parseMasterUrl(const std::string& url, std::string& problem);

}  // namespace coyote::listing
