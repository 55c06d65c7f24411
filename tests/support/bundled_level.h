#pragma once

#include <string>

#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"

namespace coyote::test {

/// A bundled level (`configs/levels/NAME`) with the bundled materials, as the server loads it.
inline Level bundledLevel(const std::string& name) {
  const std::string root = std::string(COYOTE_SOURCE_DIR) + "/configs/";
  return loadTiledLevel(root + "levels/" + name, loadMaterials(root + "materials.toml"));
}

}  // namespace coyote::test
