#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sim/state/material.h"

namespace coyote {

/// Loads `configs/materials.toml`: a table `[materials.NAME]` per material with `friction`
/// (0–10, default 1) and `restitution` (0–1, default 0), `default` among them or implied; and an
/// optional table `[tile_types]` giving a tile type's material by name (`solid = "stone"`).
/// At most 32 materials. Anything else — an unknown key, a tile type or material name that does
/// not exist, a value out of range — is a ConfigError naming the file and the key.
MaterialTable loadMaterials(const std::string& file);

/// The materials a level is loaded with: `file` when given; else the first `materials.toml` of
/// the level's own folder, the folder above it (`configs/` for `configs/levels/arena.tmj`) and
/// the installed `configs/` (materialsSearchPath), so a bundled level copied elsewhere still
/// finds its ice; else only the default material.
MaterialTable materialsForLevel(const std::string& file, const std::filesystem::path& level);

/// Where materialsForLevel looks for `materials.toml` for `level`, in order.
std::vector<std::filesystem::path> materialsSearchPath(const std::filesystem::path& level);

}  // namespace coyote
