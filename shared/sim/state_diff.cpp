#include "sim/state_diff.h"

#include <bit>
#include <cstdint>

namespace coyote {
namespace {

/// Walks two states field by field, collecting the paths of the fields that differ.
class FieldComparer {
 public:
  FieldComparer(std::vector<std::string>& out, std::size_t limit) : out_(out), limit_(limit) {}

  template <class T>
  void compare(const std::string& path, const T& a, const T& b) {
    if (out_.size() < limit_ && !same(a, b)) {
      out_.push_back(path);
    }
  }
  void compare(const std::string& path, Vec2 a, Vec2 b) {
    compare(path + ".x", a.x, b.x);
    compare(path + ".y", a.y, b.y);
  }
  template <SlotArray Slots>
  void compare(const std::string& path, const Slots& a, const Slots& b) {
    for (std::size_t slot = 0; slot < a.size() && out_.size() < limit_; ++slot) {
      if (a[slot].active || b[slot].active) {
        const std::string prefix = path + "[" + std::to_string(slot) + "]";
        compare(prefix + ".active", a[slot].active, b[slot].active);
        compare(prefix, a[slot], b[slot]);
      }
    }
  }
  /// Fields of a record, as "path.field" ("field" for the root record).
  template <FieldRecord Record>
  void compare(const std::string& path, const Record& a, const Record& b) {
    const std::string prefix = path.empty() ? path : path + ".";
    Record::forEachFieldPair(a, b, [&](const FieldInfo& info, const auto& x, const auto& y) {
      compare(prefix + info.name, x, y);
    });
  }

 private:
  // Floats compare by bit pattern: the contract is bit identity, and NaN must not hide.
  static bool same(float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
  }
  template <class T>
  static bool same(const T& a, const T& b) {
    return a == b;
  }

  std::vector<std::string>& out_;
  std::size_t limit_;
};

}  // namespace

std::vector<std::string> differingFields(const WorldState& a, const WorldState& b,
                                         std::size_t limit) {
  std::vector<std::string> fields;
  FieldComparer(fields, limit).compare("", a, b);
  return fields;
}

}  // namespace coyote
