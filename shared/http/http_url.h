#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace coyote::http {

/// An http:// or https:// URL as programs are given one (a master's, `--check-health`'s):
/// `http[s]://host[:port][/path]`, a v6 address in brackets, the port 80 (443 for https) when
/// none is written.
struct HttpUrl {
  std::string host;  ///< without brackets
  std::uint16_t port = 80;
  std::string path;     ///< "" or starting with '/'
  bool secure = false;  ///< https://
};

/// The URL read, or nullopt and the reason, naming the URL, in `problem`. At most 200
/// characters, printable ASCII without spaces.
std::optional<HttpUrl> parseHttpUrl(std::string_view url, std::string& problem);

}  // namespace coyote::http
