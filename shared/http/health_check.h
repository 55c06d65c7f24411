#pragma once

#include <string>
#include <string_view>

namespace coyote {

/// `--check-health URL` of the server and the master: GETs an http:// URL; true on 200. For a
/// container's HEALTHCHECK, which then needs no curl. `why` says what went wrong otherwise.
bool checkHealth(const std::string& url, std::string& why);
/// `PROGRAM --check-health URL` itself: 0 when healthy, else 1 and "PROGRAM: unhealthy: why" on
/// stderr.
int checkHealthCommand(std::string_view program, const std::string& url);

}  // namespace coyote
