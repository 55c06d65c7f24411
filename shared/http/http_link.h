#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "platform/stream_socket.h"

namespace coyote::http {

/// What one request travels on (http_client.h): a TCP connection as it is, or TLS over one.
class Link {
 public:
  virtual ~Link() = default;
  /// Sends all of `bytes` before `deadline`; false if it could not.
  virtual bool sendAll(std::string_view bytes, platform::Clock::time_point deadline) = 0;
  /// Up to `size` bytes of the answer (0 at its end), an error, or nothing before `deadline`.
  virtual platform::StreamSocket::Received receive(char* buffer, std::size_t size,
                                                   platform::Clock::time_point deadline) = 0;
};

/// TLS over `socket`, the peer's certificate checked against the system's authorities (or the
/// file SSL_CERT_FILE names) and `host`, the handshake done before `deadline`; or null and why
/// ("the certificate of HOST …", "no TLS handshake with HOST within …").
using SecureConnector = std::unique_ptr<Link> (*)(platform::StreamSocket socket,
                                                  const std::string& host,
                                                  platform::Clock::time_point deadline,
                                                  std::string& why);

/// Lets fetch() make https:// requests. A program that never calls it holds no TLS library:
/// the game server installs one that loads the module tls_client at its first use
/// (server/modules/tls_client_module.h). Called once, before any fetch.
void setSecureConnector(SecureConnector connector);

}  // namespace coyote::http
