#include "server/modules/http_server_module.h"

#include "server/modules/server_module.h"

namespace coyote {

std::unique_ptr<HttpServer> openHttpServerModule(const std::string& bind, int port,
                                                 HttpServer::Limits limits,
                                                 std::shared_ptr<spdlog::logger> log) {
  const auto open = moduleFunction<OpenHttpServer>("http_server", kOpenHttpServer);
  return std::unique_ptr<HttpServer>(open(bind, port, limits, log));
}

}  // namespace coyote
