#include "version/build_version.h"

namespace coyote {

std::string versionLine(std::string_view program) {
  return std::string(program) + " " + std::string(buildVersion());
}

}  // namespace coyote
