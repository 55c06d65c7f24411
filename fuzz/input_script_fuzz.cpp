// libFuzzer: the input-script parser of coyote-sim and coyote-bot on arbitrary text.
#include <cstdint>
#include <string_view>

#include "io/config_error.h"
#include "scenario/input_script.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    coyote::parseInputScript(std::string_view(reinterpret_cast<const char*>(data), size),
                             "fuzz.txt");
  } catch (const coyote::ConfigError&) {
  }
  return 0;
}
