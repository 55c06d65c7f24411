#include "client/app/scene/art/art_assets.h"

#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "client/app/scene/art/tile_atlas.h"
#include "io/bounded_file.h"
#include "io/install_paths.h"
#include "io/utf8_path.h"

namespace coyote {
namespace {

namespace fs = std::filesystem;

bool holdsAssets(const fs::path& folder) {
  std::error_code error;
  return fs::is_regular_file(folder / "tiles.png", error);
}

/// Loads `name` into `texture` (an sf::Texture, or an sf::Image) and checks its size; the
/// reason it cannot, or "". Read by Coyote, not by SFML, whose file functions take the system's
/// code page: a folder named in UTF-8 (C:\Users\José) reaches the file whole.
template <class Picture>
std::string loadChecked(Picture& texture, const std::string& folder, const char* name,
                        sf::Vector2u size) {
  const std::string file = utf8String(utf8Path(folder) / name);
  std::string bytes;
  try {
    bytes = readBoundedFile(file, 4u << 20);  // our images are a few KB: refuse anything huge
  } catch (const std::exception& error) {
    return error.what();
  }
  if (!texture.loadFromMemory(bytes.data(), bytes.size())) {
    return fmt::format("{}: not a readable image", file);
  }
  if (texture.getSize() != size) {
    return fmt::format("{}: {} × {} pixels, expected {} × {}", file, texture.getSize().x,
                       texture.getSize().y, size.x, size.y);
  }
  return "";
}

}  // namespace

std::string findAssetsFolder(const std::string& program) {
  if (const char* configured = std::getenv("COYOTE_ASSETS")) {
    return holdsAssets(utf8Path(configured)) ? std::string(configured) : "";
  }
  if (holdsAssets("assets")) {
    return "assets";
  }
  // build/<preset>/client/coyote-client → the checkout's assets/.
  std::error_code error;
  const fs::path beside = fs::absolute(utf8Path(program), error).parent_path() / "../../../assets";
  if (!program.empty() && holdsAssets(beside)) {
    return utf8String(beside.lexically_normal());
  }
  const std::string data = installedDataFolder();  // /usr/share/coyote
  const fs::path installed = utf8Path(data) / "assets";
  return !data.empty() && holdsAssets(installed) ? utf8String(installed) : "";
}

std::unique_ptr<ArtAssets> loadArtAssets(const std::string& folder, spdlog::logger& log) {
  if (folder.empty()) {
    log.warn("no assets/ folder found (set COYOTE_ASSETS): drawing flat colours");
    return nullptr;
  }
  auto art = std::make_unique<ArtAssets>();
  std::string problem =
      loadChecked(art->tiles, folder, "tiles.png", {atlas::kImageWidth, atlas::kImageHeight});
  if (problem.empty()) {
    problem = loadChecked(art->character, folder, "character.png", {192, 160});
  }
  if (problem.empty()) {
    problem = loadChecked(art->particles, folder, "particles.png", {64, 32});
  }
  if (problem.empty()) {
    problem = loadChecked(art->title, folder, "title.png", {182, 42});
  }
  if (problem.empty()) {
    problem = loadChecked(art->icon, folder, "icon_32.png", {32, 32});
  }
  for (std::size_t i = 0; i < art->backdrop.size() && problem.empty(); ++i) {
    problem = loadChecked(art->backdrop[i], folder, fmt::format("backdrop_{}.png", i).c_str(),
                          {320, 240});
    art->backdrop[i].setRepeated(true);
  }
  if (!problem.empty()) {
    log.warn("art not loaded ({}): drawing flat colours", problem);
    return nullptr;
  }
  log.info("art loaded from {}", folder);
  return art;
}

}  // namespace coyote
