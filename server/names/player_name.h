#pragma once

#include <string>
#include <string_view>

namespace coyote {

/// Why `name` cannot be a player's name (docs/protocol.md#text-and-names), or "" if it can:
/// net::textProblem's checks (valid UTF-8; no control, invisible or direction-changing
/// character; at most two combining marks on a letter), then no space but U+0020 and none at
/// either end or two in a row, no bracket, asterisk or hyphen first (the server's own lines and
/// the chat's start so), and not a name the server speaks as (`server`, `admin`, …) in any case
/// or look-alike, and not one that looks blank (net::nameTextProblem). An empty name is fine: the
/// server picks "player<slot>".
std::string nameProblem(std::string_view name);

/// The form names are compared in (bans, mutes, kicks, votes, one name per server): compatibility
/// forms, case, accents and other marks and spaces folded away, then look-alikes mapped to one
/// skeleton (Unicode's confusables, UTS #39, from ICU): "Wíle", "WILE", "w i l e" and "wіle" with
/// a Cyrillic і all have the key of "wile".
std::string nameKey(std::string_view name);
/// `name` with ASCII letters in lower case: how names compared before look-alikes were folded
/// (ban rows written then are keyed so), and what nameKey falls back to without ICU's data.
std::string asciiNameKey(std::string_view name);
inline bool sameName(std::string_view a, std::string_view b) {
  return nameKey(a) == nameKey(b);
}

}  // namespace coyote
