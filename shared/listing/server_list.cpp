#include "listing/server_list.h"

#include <charconv>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "listing/server_info_json.h"
#include "platform/inet.h"

namespace coyote::listing {
namespace {

/// "a.b.c.d:port" with a port from 1 into `server`; false otherwise.
bool readAddress(const std::string& text, ListedServer& server) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos || colon > 15) {
    return false;
  }
  server.host = text.substr(0, colon);
  in_addr parsed{};
  unsigned port = 0;
  const char* end = text.data() + text.size();
  const auto [last, error] = std::from_chars(text.data() + colon + 1, end, port);
  if (inet_pton(AF_INET, server.host.c_str(), &parsed) != 1 || error != std::errc() ||
      last != end || port < 1 || port > 65535) {
    return false;
  }
  server.port = static_cast<std::uint16_t>(port);
  return true;
}

std::optional<ListedServer> serverFrom(const nlohmann::json& entry) {
  ListedServer server;
  if (!entry.is_object()) {
    return std::nullopt;
  }
  const auto address = entry.find("address");
  const auto info = entry.find("info");
  if (address == entry.end() || !address->is_string() || info == entry.end() ||
      !readAddress(address->get<std::string>(), server)) {
    return std::nullopt;
  }
  std::string ignored;
  std::optional<net::ServerInfo> read = infoFromJson(*info, ignored);
  if (!read) {
    return std::nullopt;
  }
  server.info = std::move(*read);
  return server;
}

}  // namespace

std::string listedServerJson(const ListedServer& server) {
  return nlohmann::json{{"address", server.address()}, {"info", infoJson(server.info)}}.dump();
}

std::string serverListJson(const std::vector<std::string>& entries) {
  std::string json = "{\"servers\":[";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    json += i == 0 ? "" : ",";
    json += entries[i];
  }
  return json + "]}";
}

std::optional<ServerList> parseServerList(std::string_view body, std::string& error) {
  if (body.size() > kMaxServerListBytes) {
    error = fmt::format("a server list is at most {} bytes", kMaxServerListBytes);
    return std::nullopt;
  }
  const nlohmann::json json = nlohmann::json::parse(body, nullptr, false);
  const auto servers = json.is_object() ? json.find("servers") : json.end();
  if (json.is_discarded() || !json.is_object() || servers == json.end() || !servers->is_array()) {
    error = "not a server list: expected {\"servers\": [...]}";
    return std::nullopt;
  }
  ServerList list;
  for (const nlohmann::json& entry : *servers) {
    if (list.servers.size() == kMaxListedServers) {
      list.skipped += 1;
      continue;
    }
    if (std::optional<ListedServer> server = serverFrom(entry)) {
      list.servers.push_back(std::move(*server));
    } else {
      list.skipped += 1;
    }
  }
  return list;
}

}  // namespace coyote::listing
