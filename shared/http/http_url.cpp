#include "http/http_url.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace coyote::http {
namespace {

/// "host", "host:port", "[v6]" or "[v6]:port" into `url`; false when it is none of them.
bool readAuthority(std::string_view authority, HttpUrl& url) {
  std::string_view port;
  if (authority.starts_with('[')) {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) {
      return false;
    }
    url.host = authority.substr(1, close - 1);
    const std::string_view rest = authority.substr(close + 1);
    if (!rest.empty() && !rest.starts_with(':')) {
      return false;
    }
    port = rest.empty() ? "" : rest.substr(1);
    if (rest == ":") {
      return false;
    }
  } else {
    const std::size_t colon = authority.find(':');
    url.host = authority.substr(0, colon);
    if (colon != std::string_view::npos) {
      port = authority.substr(colon + 1);
      if (port.empty()) {
        return false;
      }
    }
  }
  if (!port.empty()) {
    unsigned value = 0;
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (error != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535) {
      return false;
    }
    url.port = static_cast<std::uint16_t>(value);
  }
  return !url.host.empty() && url.host.find_first_of("[]@") == std::string::npos;
}

}  // namespace

std::optional<HttpUrl> parseHttpUrl(std::string_view url, std::string& problem) {
  HttpUrl parsed;
  parsed.secure = url.starts_with("https://");
  if (!parsed.secure && !url.starts_with("http://")) {
    problem = fmt::format("{:?} is not an http:// or https:// URL", url.substr(0, 200));
    return std::nullopt;
  }
  parsed.port = parsed.secure ? 443 : 80;
  const std::string_view rest = url.substr(parsed.secure ? 8 : 7);
  const std::size_t slash = rest.find('/');
  if (url.size() > 200 ||
      !std::all_of(url.begin(), url.end(), [](char c) { return c > ' ' && c < 127; }) ||
      !readAuthority(rest.substr(0, slash), parsed)) {
    problem = fmt::format("{:?} is not an http[s]://host[:port][/path] URL", url.substr(0, 200));
    return std::nullopt;
  }
  parsed.path = slash == std::string_view::npos ? "" : rest.substr(slash);
  return parsed;
}

}  // namespace coyote::http
