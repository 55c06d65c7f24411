#pragma once

#include <string>
#include <string_view>

namespace coyote {

/// This build's version (docs/hosting.md#upgrading): "0.1.0+git.812.168a5e1" for a commit of a
/// git checkout (".dirty" after it when a file differed), made by cmake/CoyoteVersion.cmake. What
/// `--version`, the server's log and info reply, /metrics and the packages say.
std::string_view buildVersion();

/// "PROGRAM VERSION", the one line every program's --version prints.
std::string versionLine(std::string_view program);

}  // namespace coyote
