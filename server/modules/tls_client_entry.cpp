// The entry point of the module tls_client (tls_client_module.h): the one symbol it exports. It
// takes the socket (moved from) and returns the link it made, or null and why.
#include "http/tls_link.h"
#include "server/modules/tls_client_module.h"

extern "C" __attribute__((visibility("default"))) coyote::http::Link* coyote_connect_tls(
    coyote::platform::StreamSocket* socket, const std::string& host,
    coyote::platform::Clock::time_point deadline, std::string& why) {
  return coyote::http::connectTls(std::move(*socket), host, deadline, why).release();
}
