#pragma once

#include <string>

#include "http/http_link.h"

namespace coyote {

/// Lets the server's requests reach https:// masters through the module tls_client
/// (server_module.h, shared/http/tls_link.h): OpenSSL is loaded at the first secure request, so
/// a server whose masters are http:// (or that has none) never maps it.
void useTlsClientModule();

/// The module's entry point: http::connectTls with C linkage (the socket moved from, the link
/// handed over, or null and why).
using ConnectTls = http::Link* (*)(platform::StreamSocket* socket, const std::string& host,
                                   platform::Clock::time_point deadline, std::string& why);
inline constexpr const char* kConnectTls = "coyote_connect_tls";

}  // namespace coyote
