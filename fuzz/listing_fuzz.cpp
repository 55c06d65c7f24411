// libFuzzer: the server list's parsers, on what strangers send. A master reads registrations
// from anyone and a browser reads lists from any master; the game server reads token datagrams
// from anyone. Whatever a parser takes must write back to text that reads the same.
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>

#include "listing/master_token.h"
#include "listing/registration.h"
#include "listing/server_list.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  if (const auto registration = coyote::listing::parseRegistration(text, error)) {
    const std::string written = coyote::listing::registrationJson(*registration);
    const auto again = coyote::listing::parseRegistration(written, error);
    if (!again || coyote::listing::registrationJson(*again) != written) {
      std::abort();  // what was taken cannot be sent on as it was
    }
  }
  if (const auto list = coyote::listing::parseServerList(text, error)) {
    for (const coyote::listing::ListedServer& server : list->servers) {
      const std::string entry = coyote::listing::listedServerJson(server);
      const auto again =
          coyote::listing::parseServerList(coyote::listing::serverListJson({entry}), error);
      if (!again || again->servers.size() != 1 || again->skipped != 0) {
        std::abort();
      }
    }
  }
  coyote::listing::parseMasterToken(std::span<const std::uint8_t>(data, size));
  return 0;
}
