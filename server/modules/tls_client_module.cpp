#include "server/modules/tls_client_module.h"

#include <exception>
#include <utility>

#include "server/modules/server_module.h"

namespace coyote {
namespace {

/// What the module's connector does, once the module is loaded; a module that does not load is
/// the reason the request fails.
std::unique_ptr<http::Link> connectThroughModule(platform::StreamSocket socket,
                                                 const std::string& host,
                                                 platform::Clock::time_point deadline,
                                                 std::string& why) {
  try {
    const auto connect = moduleFunction<ConnectTls>("tls_client", kConnectTls);
    return std::unique_ptr<http::Link>(connect(&socket, host, deadline, why));
  } catch (const std::exception& failure) {
    why = failure.what();
    return nullptr;
  }
}

}  // namespace

void useTlsClientModule() {
  http::setSecureConnector(&connectThroughModule);
}

}  // namespace coyote
