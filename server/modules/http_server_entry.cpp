// The entry point of the module http_server (http_server_module.h): the one symbol it exports.
#include "http/micro_http_server.h"
#include "server/modules/http_server_module.h"

extern "C" __attribute__((visibility("default"))) coyote::HttpServer* coyote_open_http_server(
    const std::string& bind, int port, const coyote::HttpServer::Limits& limits,
    const std::shared_ptr<spdlog::logger>& log) {
  return coyote::openMicroHttpServer(bind, port, limits, log).release();  // throws as it does
}
