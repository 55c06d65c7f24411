// libFuzzer: the replay reader on arbitrary bytes (a corrupt or forged replay file).
#include <cstdint>
#include <string>

#include "io/config_error.h"
#include "replay/replay_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const coyote::Replay replay =
        coyote::parseReplay(std::string(reinterpret_cast<const char*>(data), size), "fuzz.rpl");
    if (replay.ticks.size() < 64) {
      coyote::verifyReplay(replay);  // a short one is also re-simulated: no crash allowed there
    }
  } catch (const coyote::ConfigError&) {
  }
  return 0;
}
