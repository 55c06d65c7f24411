#include "wire/text_check.h"

#include <cstdint>

#include "wire/protocol.h"

namespace coyote::net {
namespace {

/// The length of the UTF-8 sequence at `at` and its code point, or 0 if it is not valid.
std::size_t decodeUtf8(std::string_view text, std::size_t at, char32_t& codePoint) {
  const auto lead = static_cast<std::uint8_t>(text[at]);
  const std::size_t length = lead < 0x80           ? 1
                             : (lead >> 5) == 0x6  ? 2
                             : (lead >> 4) == 0xE  ? 3
                             : (lead >> 3) == 0x1E ? 4
                                                   : 0;
  if (length == 0 || at + length > text.size()) {
    return 0;
  }
  codePoint = length == 1 ? lead : lead & (0x7F >> length);
  for (std::size_t i = 1; i < length; ++i) {
    const auto next = static_cast<std::uint8_t>(text[at + i]);
    if ((next & 0xC0) != 0x80) {
      return 0;
    }
    codePoint = (codePoint << 6) | (next & 0x3F);
  }
  constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  const bool overlong = codePoint < kSmallest[length];
  const bool surrogate = codePoint >= 0xD800 && codePoint <= 0xDFFF;
  return overlong || surrogate || codePoint > 0x10FFFF ? 0 : length;
}

bool isControl(char32_t codePoint) {
  return codePoint < 0x20 || (codePoint >= 0x7F && codePoint < 0xA0) || codePoint == 0x2028 ||
         codePoint == 0x2029;
}

/// Characters that show nothing yet change what is around them, or pass for a space that is not
/// one: the soft hyphen, the bidi marks, embeddings, overrides and isolates (U+202E turns the
/// rest of a line around), zero-width spaces and joiners, invisible operators, the BOM, Hangul
/// and Mongolian fillers and tags. A name made with them looks like another.
bool isInvisible(char32_t c) {
  return c == 0x00AD || c == 0x034F || c == 0x061C || c == 0x115F || c == 0x1160 || c == 0x180E ||
         (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2060 && c <= 0x206F) || c == 0x3164 || c == 0xFEFF || c == 0xFFA0 ||
         (c >= 0xFFF0 && c <= 0xFFFB) || (c >= 0xE0000 && c <= 0xE0FFF);
}

/// The blocks of combining marks that stack on the letter before them (Zalgo text piles them up
/// until they cover the lines above and below).
bool isCombiningMark(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) || (c >= 0x0483 && c <= 0x0489) ||
         (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF) ||
         (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE20 && c <= 0xFE2F);
}

/// What shows no ink of its own: spaces of every width, the Braille blank, variation selectors
/// and Mongolian ones, the Khmer inherent vowels.
bool isBlankLooking(char32_t c) {
  return c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F ||
         c == 0x205F || c == 0x3000 || c == 0x2800 || c == 0x17B4 || c == 0x17B5 ||
         (c >= 0x180B && c <= 0x180F) || (c >= 0xFE00 && c <= 0xFE0F) ||
         (c >= 0xE0100 && c <= 0xE01EF) || isCombiningMark(c);
}

std::string codePointName(char32_t codePoint) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string digits;
  for (int shift = codePoint > 0xFFFF ? 16 : 12; shift >= 0; shift -= 4) {
    digits += kHex[(codePoint >> shift) & 0xF];
  }
  return "U+" + digits;
}

}  // namespace

std::string textProblem(std::string_view text, std::string_view what) {
  int marks = 0;  // combining marks on the last character
  for (std::size_t at = 0; at < text.size();) {
    char32_t codePoint = 0;
    const std::size_t length = decodeUtf8(text, at, codePoint);
    if (length == 0) {
      return std::string(what) + " is not valid UTF-8";
    }
    if (isControl(codePoint)) {
      return std::string(what) + " holds a control character";
    }
    if (isInvisible(codePoint)) {
      return std::string(what) + " holds an invisible or direction-changing character (" +
             codePointName(codePoint) + ")";
    }
    marks = isCombiningMark(codePoint) ? marks + 1 : 0;
    if (marks > kMaxCombiningMarks) {
      return std::string(what) + " stacks more than " + std::to_string(kMaxCombiningMarks) +
             " combining marks on one character";
    }
    at += length;
  }
  return "";
}

bool looksBlank(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    char32_t codePoint = 0;
    const std::size_t length = decodeUtf8(text, at, codePoint);
    if (length == 0 || !isBlankLooking(codePoint)) {
      return false;
    }
    at += length;
  }
  return true;
}

std::string nameTextProblem(std::string_view text, std::string_view what) {
  if (std::string problem = textProblem(text, what); !problem.empty()) {
    return problem;
  }
  if (!text.empty() &&
      (text.front() == ' ' || text.back() == ' ' || text.find("  ") != std::string_view::npos)) {
    return std::string(what) + " starts or ends with a space, or has two in a row";
  }
  if (looksBlank(text)) {
    return std::string(what) + " looks blank";
  }
  return "";
}

std::string chatLineProblem(std::string_view text) {
  if (text.empty()) {
    return "the line is empty";
  }
  if (std::string problem = textProblem(text, "the line"); !problem.empty()) {
    return problem;
  }
  if (codePointCount(text) > kMaxChatCharacters) {
    return "the line is longer than " + std::to_string(kMaxChatCharacters) + " characters";
  }
  return "";
}

std::string printablePrefix(std::string_view text, std::size_t maxBytes) {
  std::string printable;
  for (std::size_t at = 0; at < text.size();) {
    char32_t codePoint = 0;
    const std::size_t length = decodeUtf8(text, at, codePoint);
    const bool shown = length != 0 && !isControl(codePoint);
    const std::string_view piece = shown ? text.substr(at, length) : std::string_view("?");
    if (printable.size() + piece.size() > maxBytes) {
      break;
    }
    printable += piece;
    at += length == 0 ? 1 : length;  // a control character goes whole, a bad byte alone
  }
  return printable;
}

std::size_t codePointCount(std::string_view text) {
  std::size_t count = 0;
  for (const char byte : text) {
    count += (static_cast<unsigned char>(byte) & 0xC0) != 0x80 ? 1 : 0;  // not a continuation
  }
  return count;
}

}  // namespace coyote::net
