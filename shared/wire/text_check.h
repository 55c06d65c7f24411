#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace coyote::net {

/// Combining marks one character may carry (é as e + ́ is one; a third is already rare).
inline constexpr int kMaxCombiningMarks = 2;

/// Why `text` cannot be shown and logged, or "" if it can (docs/protocol.md#text-and-names): it
/// must be valid UTF-8 (no overlong forms, no surrogates) without control characters (C0, DEL, C1,
/// line and paragraph separators), so that it can neither forge a log line nor send escape
/// sequences to a terminal; without invisible or direction-changing characters (bidi controls,
/// zero-width characters, the BOM), so that it cannot turn the text around it or pass for other
/// text; and without more than kMaxCombiningMarks combining marks on one character. The reason
/// starts with `what` ("the name is not valid UTF-8").
std::string textProblem(std::string_view text, std::string_view what);

/// Whether `text` (which textProblem accepted) shows nothing a reader could tell apart from blank:
/// only spaces of any width, the Braille blank (U+2800), combining marks with nothing to sit on,
/// variation selectors and the Khmer inherent vowels (U+17B4, U+17B5). Empty text looks blank.
bool looksBlank(std::string_view text);

/// Why `text` cannot be a name (a player's, a server's), or "": textProblem's checks, then no
/// space at either end or two in a row, and not blank-looking. The reasons start with `what`.
std::string nameTextProblem(std::string_view text, std::string_view what);

/// Code points in `text`, which textProblem accepted.
std::size_t codePointCount(std::string_view text);

/// Why `text` cannot be a chat line (docs/playing.md#chat), or "": textProblem's checks, then 1
/// to kMaxChatCharacters characters. The client checks before sending, the server on arrival.
std::string chatLineProblem(std::string_view text);

/// The longest start of `text` of whole characters within `maxBytes`, each control character or
/// invalid byte turned into '?': what a host's file (a level's name) may show in a reply.
std::string printablePrefix(std::string_view text, std::size_t maxBytes);

}  // namespace coyote::net
