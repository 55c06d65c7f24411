#include "listing/master_url.h"

#include <algorithm>

#include <fmt/format.h>

namespace coyote::listing {

std::optional<MasterUrl> parseMasterUrl(const std::string& url, std::string& problem) {
  constexpr std::string_view kScheme = "http://";
  if (!url.starts_with(kScheme)) {
    problem = fmt::format("{:?} is not an http:// URL (a master is reached over plain HTTP)", url);
    return std::nullopt;
  }
  const std::string rest = url.substr(kScheme.size());
  const std::size_t slash = rest.find('/');
  const std::string host = rest.substr(0, slash);
  if (host.empty() || url.size() > 200 ||
      !std::all_of(url.begin(), url.end(), [](char c) { return c > ' ' && c < 127; })) {
    problem = fmt::format("{:?} is not an http://host[:port][/path] URL", url);
    return std::nullopt;
  }
  MasterUrl parsed{std::string(kScheme) + host,
                   slash == std::string::npos ? "" : rest.substr(slash)};
  while (parsed.path.ends_with('/')) {
    parsed.path.pop_back();
  }
  return parsed;
}

}  // namespace coyote::listing
