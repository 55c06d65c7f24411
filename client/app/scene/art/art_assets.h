#pragma once

#include <array>
#include <memory>
#include <string>

#include <spdlog/logger.h>
#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/Texture.hpp>

namespace coyote {

/// The images of assets/ (docs/art.md), loaded once as textures.
struct ArtAssets {
  sf::Texture tiles;
  sf::Texture character;
  sf::Texture particles;  ///< the effects' small sprites, and a white cell for flat shapes
  std::array<sf::Texture, 3> backdrop;  ///< far to near
  sf::Texture title;                    ///< the game's name, for the title screen
  sf::Image icon;  ///< the window's icon (32 × 32): the desktop entry's, on every system
};

/// The folder that holds assets/tiles.png: $COYOTE_ASSETS, ./assets, the checkout above the
/// program's build folder, or the installed share/coyote/assets ("" when none).
std::string findAssetsFolder(const std::string& program);

/// Loads every image of `folder`, each checked for the size docs/art.md gives it. nullptr, said
/// once in the log with the file and the reason, when one is missing or wrong: the client then
/// draws flat colours.
std::unique_ptr<ArtAssets> loadArtAssets(const std::string& folder, spdlog::logger& log);

}  // namespace coyote
