#include "server/admin/admin_api.h"

#include <arpa/inet.h>

#include <algorithm>

#include <fmt/format.h>

#include "commands/command_list.h"
#include "http/forwarded_client.h"

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
                   double (*clock)(), std::vector<std::string> trustedProxies)
    : tokenHash_(secretHash(token)),
      desk_(desk),
      log_(std::move(log)),
      clock_(clock),
      trustedProxies_(std::move(trustedProxies)) {}

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
  if (const auto summary = wrongTokenLog_.due(now)) {
    log_->warn("admin API: {}", *summary);
  }
  constexpr std::string_view kScheme = "Bearer ";
  if (!request.authorization.starts_with(kScheme)) {
    HttpServer::Response refusal =
        json(401, R"({"error":"the admin API needs Authorization: Bearer TOKEN"})"
                  "\n");
    refusal.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"coyote admin\"");
    return refusal;
  }
  if (sameSecret(std::string_view(request.authorization).substr(kScheme.size()), tokenHash_)) {
    return json(200, "");  // the right token is never held back by the wrong ones
  }
  return refuseWrongToken(request, forwardedClient(request, trustedProxies_), now);
}

HttpServer::Response AdminApi::refuseWrongToken(const HttpServer::Request& request,
                                                const std::string& address, double now) {
  const std::uint32_t number = addressNumber(address);
  const bool addressOver = wrongTokens_.over(number, now);
  const bool serverOver = !addressOver && !allWrongTokens_.admit(now);
  if (wrongTokenLog_.note(number, now, addressOver || serverOver)) {
    log_->warn("admin API: wrong token from {} for {} {}", address, request.method, request.path);
  }
  if (addressOver) {
    return json(429, fmt::format(R"({{"error":"too many wrong tokens from {}; wait {} s"}})"
                                 "\n",
                                 address, kWrongTokenWindow));
  }
  if (serverOver) {
    return json(429, R"({"error":"too many wrong tokens on this server; wait a second"})"
                     "\n");
  }
  wrongTokens_.admit(number, now);
  return json(403, R"({"error":"wrong token"})"
                   "\n");
}

}  // namespace coyote
