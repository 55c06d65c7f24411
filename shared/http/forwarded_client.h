#pragma once

#include <string>
#include <vector>

#include "http/http_server.h"

namespace coyote {

/// At most this many proxies a program trusts (admin.trusted_proxies, the master's
/// trusted_proxies).
inline constexpr std::size_t kMaxTrustedProxies = 16;

/// Who sent `request`: its peer, or, when the peer is one of `trustedProxies`, the client the
/// proxy says it forwarded for. Walks X-Forwarded-For from its end: what a trusted proxy appends
/// is the address it saw; what came before may be the client's own lie; what is not an IPv4
/// address ends the walk at the last proxy.
std::string forwardedClient(const HttpServer::Request& request,
                            const std::vector<std::string>& trustedProxies);

/// "" if `proxies` is a list of at most kMaxTrustedProxies IPv4 addresses, else what is wrong.
std::string trustedProxiesProblem(const std::vector<std::string>& proxies);

}  // namespace coyote
