#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wire/server_info.h"

namespace coyote::listing {

/// The most servers a list holds: a master lists at most this many, a browser reads no more.
inline constexpr std::size_t kMaxListedServers = 20000;
/// The longest list a browser reads (uncompressed): kMaxListedServers servers with some rooms.
inline constexpr std::size_t kMaxServerListBytes = 16 * 1024 * 1024;

/// One server of a master's list.
struct ListedServer {
  std::string host;  ///< "a.b.c.d"
  std::uint16_t port = 0;
  net::ServerInfo info;  ///< as its last registration said

  std::string address() const { return host + ":" + std::to_string(port); }
};

/// One entry of `GET /servers.json`: `{"address": "a.b.c.d:port", "info": {…}}`. The master
/// keeps each entry's text and joins them: `{"servers": [entry, …]}`.
std::string listedServerJson(const ListedServer& server);
std::string serverListJson(const std::vector<std::string>& entries);

/// What a browser made of a master's list.
struct ServerList {
  std::vector<ListedServer> servers;
  std::size_t skipped = 0;  ///< entries that were not a server (bad address, info out of bounds)
};

/// The servers of a list within kMaxServerListBytes and kMaxListedServers; an entry that is not
/// a server is skipped and counted, the rest still read. nullopt and the reason when the body
/// is not a list at all.
std::optional<ServerList> parseServerList(std::string_view body, std::string& error);

}  // namespace coyote::listing
