#include "server/names/unicode_names.h"

#include <memory>

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

namespace coyote {
namespace {

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

icu::UnicodeString fromUtf8(std::string_view text) {
  return icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
}

}  // namespace

std::optional<std::string> unicodeNameKey(std::string_view name) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
  const icu::Normalizer2* decompose = icu::Normalizer2::getNFDInstance(status);
  const USpoofChecker* checker = spoofChecker();
  if (U_FAILURE(status) || checker == nullptr) {
    return std::nullopt;
  }
  const icu::UnicodeString folded =
      bare(decompose->normalize(fold->normalize(fromUtf8(name), status), status));
  icu::UnicodeString skeleton;
  uspoof_getSkeletonUnicodeString(checker, 0, folded, skeleton, &status);
  // The skeleton of a digit zero is a capital O: fold its case again.
  const icu::UnicodeString key = fold->normalize(skeleton, status);
  if (U_FAILURE(status)) {
    return std::nullopt;
  }
  std::string utf8;
  key.toUTF8String(utf8);
  return utf8;
}

bool holdsOtherSpace(std::string_view name) {
  const icu::UnicodeString text = fromUtf8(name);
  for (int32_t at = 0; at < text.length();) {
    const UChar32 c = text.char32At(at);
    at += U16_LENGTH(c);
    if (c != ' ' && u_isUWhiteSpace(c)) {
      return true;
    }
  }
  return false;
}

}  // namespace coyote
