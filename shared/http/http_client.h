#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace coyote::http {

/// One request of the few the server makes itself: the Agones sidecar, a master's /register,
/// `--check-health`. Plain HTTP unless `secure` (a master's https:// URL): every HTTP client
/// library Debian has loads a TLS stack at start, megabytes an idle server would hold for
/// nothing (docs/hosting.md#memory), so TLS comes from a connector the program installs
/// (http_link.h) and only a secure request loads it.
struct ClientRequest {
  std::string method = "GET";
  std::string host;  ///< a name or an address
  std::uint16_t port = 80;
  std::string path = "/";
  std::string body;
  std::string contentType = "application/json";  ///< sent when there is a body
  bool secure = false;                           ///< HTTPS: TLS, the host's certificate checked
};

struct ClientLimits {
  double connectSeconds = 2.0;        ///< to open the connection (a name's lookup before it)
  double totalSeconds = 5.0;          ///< from the start to the whole answer
  std::size_t answerBytes = 1 << 20;  ///< the most read, status line and headers included
};

struct ClientResponse {
  int status = 0;
  std::string body;
};

/// Sends `request` with `Connection: close` and reads the whole answer (Content-Length, chunked
/// or until the close, parsed by Node's http_parser), or returns nullopt with what went wrong in
/// `error`: "no connection to HOST:PORT: …", "no whole answer from HOST:PORT within S s",
/// "answer from HOST:PORT longer than N bytes", "malformed answer from HOST:PORT: …", and for a
/// secure request "no TLS with HOST:PORT: …" (its certificate refused, no connector installed).
std::optional<ClientResponse> fetch(const ClientRequest& request, const ClientLimits& limits,
                                    std::string& error);

}  // namespace coyote::http
