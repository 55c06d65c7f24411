#pragma once

// Ranged values on the wire (yojimbo's `serialize_int(stream, value, min, max)`): one function
// serves writing and reading, and refuses an out-of-range value on both, so a sender can never
// produce what a receiver would refuse, nor narrow a count silently.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <cereal/cereal.hpp>

namespace coyote {

/// A value broke a cap or a range while encoding or decoding. Receivers drop the packet; a
/// sender that meets it has a bug or a state it should have refused earlier.
class WireError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace net {

/// A count in `[0, max]`, carried as `Wire` (an unsigned integer type wide enough for max).
template <class Wire, class Archive>
std::size_t rangedCount(Archive& archive, std::size_t count, std::size_t max, const char* what) {
  if (max > std::numeric_limits<Wire>::max()) {
    throw std::logic_error(std::string(what) + ": cap does not fit the wire type");
  }
  auto wire = static_cast<Wire>(count);
  if (Archive::is_saving::value && count > max) {
    throw WireError(std::string(what) + " count " + std::to_string(count) + " exceeds " +
                    std::to_string(max));
  }
  archive(wire);
  if (wire > max) {
    throw WireError(std::string(what) + " count " + std::to_string(wire) + " exceeds " +
                    std::to_string(max));
  }
  return wire;
}

/// A value in `[min, max]`, refused outside it when written and when read (NaN included).
template <class Archive, class T>
void rangedValue(Archive& archive, T& value, T min, T max, const char* what) {
  const auto check = [&] {
    if (!(value >= min && value <= max)) {
      throw WireError(std::string(what) + " out of range");
    }
  };
  if (Archive::is_saving::value) {
    check();
  }
  archive(value);
  check();
}

/// A bool as one byte that must be 0 or 1: any other byte would become a bool holding neither
/// value (undefined behaviour wherever it is read).
template <class Archive>
void wireBool(Archive& archive, bool& value, const char* what) {
  auto byte = static_cast<std::uint8_t>(value ? 1 : 0);
  archive(byte);
  if (byte > 1) {
    throw WireError(std::string(what) + " is not a boolean");
  }
  value = byte == 1;
}

/// A vector of at most `max` elements, the count checked before the vector grows.
template <class Archive, class T>
void boundedVector(Archive& archive, std::vector<T>& values, std::size_t max, const char* what) {
  const std::size_t count = rangedCount<std::uint16_t>(archive, values.size(), max, what);
  if constexpr (Archive::is_loading::value) {
    values.resize(count);
  }
  for (T& value : values) {
    archive(value);
  }
}

/// A string of at most `max` bytes.
template <class Archive>
void boundedString(Archive& archive, std::string& text, std::size_t max, const char* what) {
  const std::size_t count = rangedCount<std::uint16_t>(archive, text.size(), max, what);
  if constexpr (Archive::is_loading::value) {
    text.resize(count);
  }
  if (count > 0) {
    archive(cereal::binary_data(text.data(), count));
  }
}

}  // namespace net
}  // namespace coyote
