#include "listing/master_url.h"

#include "http/http_url.h"

namespace coyote::listing {

std::optional<MasterUrl> parseMasterUrl(const std::string& url, std::string& problem) {
  const std::optional<http::HttpUrl> parsed = http::parseHttpUrl(url, problem);
  if (!parsed) {
    return std::nullopt;
  }
  MasterUrl master{url.substr(0, url.size() - parsed->path.size()), parsed->path, parsed->host,
                   parsed->port, parsed->secure};
  while (master.path.ends_with('/')) {
    master.path.pop_back();
  }
  return master;
}

}  // namespace coyote::listing
