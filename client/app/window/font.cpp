#include "client/app/window/font.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/install_paths.h"

namespace coyote {

sf::Font loadTextFont() {
  std::vector<std::string> candidates;
  if (const char* configured = std::getenv("COYOTE_FONT")) {
    candidates.emplace_back(configured);
  }
  // The Windows zip carries its own copy beside the programs (scripts/package --windows).
  if (const std::string data = installedDataFolder(); !data.empty()) {
    candidates.push_back((std::filesystem::path(data) / "fonts" / "DejaVuSans.ttf").string());
  }
  candidates.emplace_back("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
  candidates.emplace_back("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf");
  for (const std::string& path : candidates) {
    sf::Font font;
    if (std::filesystem::exists(path) && font.loadFromFile(path)) {
      return font;
    }
  }
  throw std::runtime_error(fmt::format(
      "no text font found (looked for {}); install Debian's fonts-dejavu-core or set COYOTE_FONT",
      fmt::join(candidates, ", ")));
}

}  // namespace coyote
