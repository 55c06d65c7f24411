// The entry points of the module names_icu (names_module.h): the only symbols it exports.
#include "server/names/names_module.h"
#include "server/names/unicode_names.h"

extern "C" __attribute__((visibility("default"))) bool coyote_name_key(const char* name,
                                                                       std::size_t size,
                                                                       std::string* key) {
  std::optional<std::string> folded = coyote::unicodeNameKey(std::string_view(name, size));
  if (folded) {
    *key = std::move(*folded);
  }
  return folded.has_value();
}

extern "C" __attribute__((visibility("default"))) bool coyote_holds_other_space(const char* name,
                                                                                std::size_t size) {
  return coyote::holdsOtherSpace(std::string_view(name, size));
}
