#include "client/app/ui/text_field.h"

#include "wire/text_check.h"

namespace coyote {
namespace {

bool isControl(std::uint32_t c) {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029;
}

bool isValid(std::uint32_t c) {
  return c <= 0x10ffff && (c < 0xd800 || c > 0xdfff);
}

void appendUtf8(std::string& out, std::uint32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xc0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3f));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xe0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (c & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (c & 0x3f));
  }
}

}  // namespace

bool TextField::type(std::uint32_t codePoint) {
  if (isControl(codePoint) || !isValid(codePoint) || characters() >= maxCharacters_) {
    return false;
  }
  appendUtf8(text_, codePoint);
  return true;
}

void TextField::erase() {
  while (!text_.empty()) {
    const auto last = static_cast<unsigned char>(text_.back());
    text_.pop_back();
    if ((last & 0xc0) != 0x80) {  // not a continuation byte: the character's first
      return;
    }
  }
}

void TextField::set(const std::string& text) {
  text_ = net::printablePrefix(text, text.size());
  while (characters() > maxCharacters_) {
    erase();
  }
}

std::size_t TextField::characters() const {
  return net::codePointCount(text_);
}

}  // namespace coyote
