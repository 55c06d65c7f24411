#pragma once

#include <memory>
#include <string>

#include "http/http_link.h"

namespace coyote::http {

/// TLS over `socket` with OpenSSL: TLS 1.2 at least, the name sent (SNI) and the certificate
/// checked against `host` (a name or an address) and the system's authorities, or those of the
/// file SSL_CERT_FILE names, as every OpenSSL program reads it. A SecureConnector
/// (http_link.h): the game server reaches it through the module tls_client.
std::unique_ptr<Link> connectTls(platform::StreamSocket socket, const std::string& host,
                                 platform::Clock::time_point deadline, std::string& why);

}  // namespace coyote::http
