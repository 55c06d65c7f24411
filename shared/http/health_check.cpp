#include "http/health_check.h"

#include <iostream>

#include <fmt/format.h>
#include <httplib.h>

namespace coyote {

bool checkHealth(const std::string& url, std::string& why) {
  constexpr std::string_view kScheme = "http://";
  if (!url.starts_with(kScheme)) {
    why = "the URL must start with http://";
    return false;
  }
  const std::string rest = url.substr(kScheme.size());
  const std::size_t slash = rest.find('/');
  const std::string host = rest.substr(0, slash);
  const std::string path = slash == std::string::npos ? "/" : rest.substr(slash);
  httplib::Client client("http://" + host);
  client.set_connection_timeout(2, 0);
  client.set_read_timeout(2, 0);
  const httplib::Result result = client.Get(path);
  if (!result) {
    why = fmt::format("no answer from {}: {}", host, httplib::to_string(result.error()));
    return false;
  }
  if (result->status != 200) {
    why = fmt::format("{} answered {}: {}", url, result->status, result->body);
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
