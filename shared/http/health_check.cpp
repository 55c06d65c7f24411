#include "http/health_check.h"

#include <iostream>

#include <fmt/format.h>

#include "http/http_client.h"
#include "http/http_url.h"

namespace coyote {

bool checkHealth(const std::string& url, std::string& why) {
  const std::optional<http::HttpUrl> parsed = http::parseHttpUrl(url, why);
  if (!parsed) {
    return false;
  }
  http::ClientRequest request;
  request.host = parsed->host;
  request.port = parsed->port;
  request.secure = parsed->secure;
  request.path = parsed->path.empty() ? "/" : parsed->path;
  http::ClientLimits limits;
  limits.totalSeconds = 4.0;
  limits.answerBytes = 64 * 1024;
  std::string error;
  const std::optional<http::ClientResponse> result = http::fetch(request, limits, error);
  if (!result) {
    why = error;
    return false;
  }
  if (result->status != 200) {
    why = fmt::format("{} answered {}: {}", url, result->status, result->body.substr(0, 200));
    return false;
  }
  return true;
}

int checkHealthCommand(std::string_view program, const std::string& url) {
  std::string why;
  if (checkHealth(url, why)) {
    return 0;
  }
  std::cerr << program << ": unhealthy: " << why << "\n";
  return 1;
}

}  // namespace coyote
