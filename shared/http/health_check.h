#pragma once

#include <string>

namespace coyote {

/// `--check-health URL` of the server and the master: GETs an http:// URL; true on 200. For a
/// container's HEALTHCHECK, which then needs no curl. `why` says what went wrong otherwise.
bool checkHealth(const std::string& url, std::string& why);

}  // namespace coyote
