#include "server/admin/admin_api.h"

#include <arpa/inet.h>

#include <fmt/format.h>

#include "commands/command_list.h"

namespace coyote {
namespace {

HttpServer::Response json(int status, std::string body) {
  return {status, "application/json", std::make_shared<const std::string>(std::move(body))};
}

std::uint32_t addressNumber(const std::string& address) {
  in_addr parsed{};
  inet_pton(AF_INET, address.c_str(), &parsed);
  return parsed.s_addr;
}

}  // namespace

AdminApi::AdminApi(const std::string& token, AdminDesk& desk, std::shared_ptr<spdlog::logger> log,
                   double (*clock)())
    : tokenHash_(secretHash(token)), desk_(desk), log_(std::move(log)), clock_(clock) {}

void AdminApi::route(HttpServer& server) {
  for (const commands::Command* command : commands::commandsFor(commands::kAdmin)) {
    const std::string action(command->name);
    server.route(
        command->changes ? "POST" : "GET", fmt::format("/admin/{}", action),
        [this, action](const HttpServer::Request& request) { return serve(action, request); });
  }
}

HttpServer::Response AdminApi::serve(const std::string& action,
                                     const HttpServer::Request& request) {
  HttpServer::Response refusal = authorize(request);
  if (refusal.status != 200) {
    return refusal;
  }
  log_->info("admin API: {} {} from {}", request.method, request.path, request.address);
  AdminReply reply = desk_.ask({action, request.arguments});
  return json(reply.status, std::move(reply.json) + "\n");
}

HttpServer::Response AdminApi::authorize(const HttpServer::Request& request) {
  const double now = clock_();
  const std::uint32_t address = addressNumber(request.address);
  if (wrongTokens_.over(address, now)) {
    return json(429, fmt::format(R"({{"error":"too many wrong tokens from {}; wait {} s"}})"
                                 "\n",
                                 request.address, kWrongTokenWindow));
  }
  constexpr std::string_view kScheme = "Bearer ";
  if (!request.authorization.starts_with(kScheme)) {
    HttpServer::Response refusal =
        json(401, R"({"error":"the admin API needs Authorization: Bearer TOKEN"})"
                  "\n");
    refusal.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"coyote admin\"");
    return refusal;
  }
  if (!sameSecret(std::string_view(request.authorization).substr(kScheme.size()), tokenHash_)) {
    wrongTokens_.admit(address, now);
    log_->warn(
        "admin API: wrong token from {} for {} {}{}", request.address, request.method, request.path,
        wrongTokens_.over(address, now) ? fmt::format("; refused for {} s after {} wrong tokens",
                                                      kWrongTokenWindow, kWrongTokens)
                                        : "");
    return json(403, R"({"error":"wrong token"})"
                     "\n");
  }
  return json(200, "");
}

}  // namespace coyote
