#pragma once

#include <cstddef>
#include <string>

namespace coyote {

/// The module names_icu (server_module.h): Unicode's half of player names (unicode_names.h),
/// loaded at the first name the server reads, so that an idle server does not hold ICU's
/// libraries and data (about 3 MB resident).
struct NameFunctions {
  /// unicodeNameKey: false when ICU's data is missing.
  bool (*key)(const char* name, std::size_t size, std::string* key);
  /// holdsOtherSpace.
  bool (*holdsOtherSpace)(const char* name, std::size_t size);
};

/// The module's functions, loaded once; nullptr when it does not load (the caller falls back,
/// as without ICU's data; a server checks at start that the module is installed).
const NameFunctions* nameFunctions();

inline constexpr const char* kNameKey = "coyote_name_key";
inline constexpr const char* kHoldsOtherSpace = "coyote_holds_other_space";

}  // namespace coyote
