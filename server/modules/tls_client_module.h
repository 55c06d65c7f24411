#pragma once

#include "http/http_link.h"

namespace coyote {

/// Lets the server's requests reach https:// masters through the module tls_client
/// (server_module.h, shared/http/tls_link.h): OpenSSL is loaded at the first secure request, so
/// a server whose masters are http:// (or that has none) never maps it.
void useTlsClientModule();

/// The module's entry point: an http::SecureConnector.
inline constexpr const char* kConnectTls = "coyote_connect_tls";

}  // namespace coyote
