#include "server/player_name.h"

#include <algorithm>
#include <array>
#include <memory>

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include "wire/text_check.h"

namespace coyote {
namespace {

/// Names the server's own lines use, or that would pass for someone who speaks for it.
constexpr std::array<std::string_view, 8> kReserved = {
    "server", "admin", "administrator", "moderator", "console", "system", "coyote", "spectator"};

/// The confusables data, opened once (ICU's checker is safe to share once opened).
const USpoofChecker* spoofChecker() {
  static const std::unique_ptr<USpoofChecker, decltype(&uspoof_close)> checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* opened = uspoof_open(&status);
    return std::unique_ptr<USpoofChecker, decltype(&uspoof_close)>(
        U_SUCCESS(status) ? opened : nullptr, &uspoof_close);
  }();
  return checker.get();
}

/// `text` without marks, spaces and format characters.
icu::UnicodeString bare(const icu::UnicodeString& text) {
  icu::UnicodeString kept;
  for (int32_t at = 0; at < text.length();) {
    const UChar32 c = text.char32At(at);
    at += U16_LENGTH(c);
    const auto type = static_cast<UCharCategory>(u_charType(c));
    if (type != U_NON_SPACING_MARK && type != U_ENCLOSING_MARK && type != U_FORMAT_CHAR &&
        !u_isUWhiteSpace(c)) {
      kept.append(c);
    }
  }
  return kept;
}

}  // namespace

std::string nameProblem(std::string_view name) {
  if (std::string problem = net::textProblem(name, "the name"); !problem.empty()) {
    return problem;
  }
  if (name.empty()) {
    return "";
  }
  if (name.front() == ' ' || name.back() == ' ' || name.find("  ") != std::string_view::npos) {
    return "the name starts or ends with a space, or has two in a row";
  }
  const icu::UnicodeString text = icu::UnicodeString::fromUTF8(
      icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
  for (int32_t at = 0; at < text.length();) {
    const UChar32 c = text.char32At(at);
    at += U16_LENGTH(c);
    if (c != ' ' && u_isUWhiteSpace(c)) {
      return "the name holds a space other than the plain one";
    }
  }
  if (std::string_view("[({<*-").find(name.front()) != std::string_view::npos) {
    return "the name starts with a bracket, an asterisk or a hyphen, as the server's lines do";
  }
  static const std::array<std::string, kReserved.size()> reservedKeys = [] {
    std::array<std::string, kReserved.size()> keys;
    std::transform(kReserved.begin(), kReserved.end(), keys.begin(),
                   [](std::string_view reserved) { return nameKey(reserved); });
    return keys;
  }();
  const std::string key = nameKey(name);
  for (std::size_t i = 0; i < kReserved.size(); ++i) {
    if (key == reservedKeys[i]) {
      return "the name " + std::string(kReserved[i]) + " is the server's (or looks like it)";
    }
  }
  return "";
}

std::string asciiNameKey(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return key;
}

std::string nameKey(std::string_view name) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
  const icu::Normalizer2* decompose = icu::Normalizer2::getNFDInstance(status);
  const USpoofChecker* checker = spoofChecker();
  if (U_FAILURE(status) || checker == nullptr) {
    return asciiNameKey(name);  // no ICU data: case alone, as before look-alikes were folded
  }
  const icu::UnicodeString text = icu::UnicodeString::fromUTF8(
      icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
  const icu::UnicodeString folded =
      bare(decompose->normalize(fold->normalize(text, status), status));
  icu::UnicodeString skeleton;
  uspoof_getSkeletonUnicodeString(checker, 0, folded, skeleton, &status);
  // The skeleton of a digit zero is a capital O: fold its case again.
  const icu::UnicodeString key = fold->normalize(skeleton, status);
  if (U_FAILURE(status)) {
    return asciiNameKey(name);
  }
  std::string utf8;
  key.toUTF8String(utf8);
  return utf8;
}

}  // namespace coyote
