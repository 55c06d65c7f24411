// libFuzzer: the Tiled level loader on arbitrary JSON text. A refusal is a ConfigError; any
// other exception, crash or hang is a bug.
#include <cstdint>
#include <string_view>

#include "io/config_error.h"
#include "level/tiled_level_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    coyote::parseTiledLevel(text, "fuzz.tmj", "/nonexistent-fuzz-directory");
  } catch (const coyote::ConfigError&) {
  }
  return 0;
}
