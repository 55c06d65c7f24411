#include "http/forwarded_client.h"

#include <arpa/inet.h>

#include <algorithm>
#include <string_view>

#include <fmt/format.h>

namespace coyote {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') {
    text.remove_prefix(1);
  }
  while (!text.empty() && text.back() == ' ') {
    text.remove_suffix(1);
  }
  return text;
}

bool isIpv4(std::string_view text) {
  in_addr parsed{};
  return text.size() < INET_ADDRSTRLEN &&
         inet_pton(AF_INET, std::string(text).c_str(), &parsed) == 1;
}

}  // namespace

std::string forwardedClient(const HttpServer::Request& request,
                            const std::vector<std::string>& trustedProxies) {
  const auto trusted = [&](const std::string& address) {
    return std::ranges::find(trustedProxies, address) != trustedProxies.end();
  };
  std::string client = request.address;
  std::string_view forwarded = request.forwardedFor;
  while (trusted(client) && !forwarded.empty()) {
    const std::size_t comma = forwarded.rfind(',');
    const std::string_view hop =
        trimmed(forwarded.substr(comma == std::string_view::npos ? 0 : comma + 1));
    if (!isIpv4(hop)) {
      break;  // not an address: the proxy's own is the best there is
    }
    client = hop;
    forwarded = comma == std::string_view::npos ? "" : forwarded.substr(0, comma);
  }
  return client;
}

std::string trustedProxiesProblem(const std::vector<std::string>& proxies) {
  if (proxies.size() > kMaxTrustedProxies) {
    return fmt::format("at most {} addresses", kMaxTrustedProxies);
  }
  for (const std::string& proxy : proxies) {
    if (!isIpv4(proxy)) {
      return fmt::format("{:?} is not an IPv4 address a.b.c.d", proxy.substr(0, 40));
    }
  }
  return "";
}

}  // namespace coyote
