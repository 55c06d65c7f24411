#include "client/app/window/font.h"

#include <cstdlib>
#include <filesystem>
#include <list>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include "client/app/render/display_text.h"

#include "io/bounded_file.h"
#include "io/install_paths.h"
#include "io/utf8_path.h"

namespace coyote {
namespace {

/// Every character the font in `bytes` maps to a glyph, read with FreeType (SFML 2.5 cannot say
/// whether it has one); empty if FreeType cannot read it.
std::vector<char32_t> charactersOf(const std::string& bytes) {
  std::vector<char32_t> characters;
  FT_Library library = nullptr;
  if (FT_Init_FreeType(&library) != 0) {
    return characters;
  }
  FT_Face face = nullptr;
  if (FT_New_Memory_Face(library, reinterpret_cast<const FT_Byte*>(bytes.data()),
                         static_cast<FT_Long>(bytes.size()), 0, &face) == 0) {
    FT_UInt glyph = 0;
    for (FT_ULong code = FT_Get_First_Char(face, &glyph); glyph != 0;
         code = FT_Get_Next_Char(face, code, &glyph)) {
      characters.push_back(static_cast<char32_t>(code));
    }
    FT_Done_Face(face);
  }
  FT_Done_FreeType(library);
  return characters;
}

/// Loads `file` into `font`. Read by Coyote, not by SFML, whose file functions take the system's
/// code page: a folder named in UTF-8 (C:\Users\José) reaches the file whole. SFML reads the
/// glyphs from the bytes as it needs them, so the bytes live as long as the program (a font or
/// two a run).
bool loadFontFile(sf::Font& font, const std::string& file) {
  static std::list<std::string> kept;
  try {
    kept.push_back(readBoundedFile(file, 32u << 20));  // DejaVu Sans is 0.7 MB
  } catch (const std::exception&) {
    return false;  // the next candidate
  }
  if (font.loadFromMemory(kept.back().data(), kept.back().size())) {
    setFontCharacters(charactersOf(kept.back()));  // what displayText replaces
    return true;
  }
  kept.pop_back();
  return false;
}

}  // namespace

sf::Font loadTextFont() {
  std::vector<std::string> candidates;
  if (const char* configured = std::getenv("COYOTE_FONT")) {
    candidates.emplace_back(configured);
  }
  // The Windows zip carries its own copy beside the programs (scripts/package --windows).
  if (const std::string data = installedDataFolder(); !data.empty()) {
    candidates.push_back(utf8String(utf8Path(data) / "fonts" / "DejaVuSans.ttf"));
  }
  candidates.emplace_back("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
  candidates.emplace_back("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf");
  for (const std::string& path : candidates) {
    sf::Font font;
    if (loadFontFile(font, path)) {
      return font;
    }
  }
  throw std::runtime_error(fmt::format(
      "no text font found (looked for {}); install Debian's fonts-dejavu-core or set COYOTE_FONT",
      fmt::join(candidates, ", ")));
}

}  // namespace coyote
