#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace coyote::listing {

/// A master server's base URL, `http[s]://host[:port][/path]`, as game servers (server.masters)
/// and browsers (browser.masters) name it. The token proves a game server's address either way;
/// HTTPS keeps the token and the registration from the eyes on the way (docs/master.md#behind-tls).
struct MasterUrl {
  std::string origin;  ///< "http[s]://host[:port]", for an HTTP client
  std::string path;    ///< "" or "/prefix", without a trailing slash
  std::string host;    ///< as in the URL, without a v6 address's brackets
  std::uint16_t port = 80;
  bool secure = false;  ///< https://

  /// `path` + `route` ("/register", "/servers.json").
  std::string at(const std::string& route) const { return path + route; }
};

/// The URL read, or nullopt and the reason (naming the URL) in `problem`.
std::optional<MasterUrl> parseMasterUrl(const std::string& url, std::string& problem);

}  // namespace coyote::listing
