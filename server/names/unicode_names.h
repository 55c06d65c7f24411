#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace coyote {

/// The half of player names (server/names/player_name.h) that needs Unicode's data, through ICU, in
/// the module names_icu (names_module.h).

/// `name`'s key: compatibility forms, case, marks and spaces folded away, then look-alikes
/// mapped to one skeleton (UTS #39); nullopt when ICU's data is missing.
std::optional<std::string> unicodeNameKey(std::string_view name);

/// Whether `name` (valid UTF-8) holds a white space other than U+0020.
bool holdsOtherSpace(std::string_view name);

}  // namespace coyote
