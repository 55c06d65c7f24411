#pragma once

#include <memory>
#include <string>

#include <spdlog/logger.h>

#include "http/http_server.h"

namespace coyote {

/// The game server's HTTP port (shared/http/micro_http_server.h) from the module http_server
/// (server_module.h), loaded when a server first opens one: Debian's libmicrohttpd links GnuTLS,
/// which a server serving no HTTP then never maps. Throws std::runtime_error when the module
/// does not load, or as the server's constructor does (the port taken).
std::unique_ptr<HttpServer> openHttpServerModule(const std::string& bind, int port,
                                                 HttpServer::Limits limits,
                                                 std::shared_ptr<spdlog::logger> log);

/// The module's entry point.
using OpenHttpServer = HttpServer* (*)(const std::string& bind, int port,
                                       const HttpServer::Limits& limits,
                                       const std::shared_ptr<spdlog::logger>& log);
inline constexpr const char* kOpenHttpServer = "coyote_open_http_server";

}  // namespace coyote
