#pragma once

#include <cstdint>
#include <unordered_map>

namespace coyote {

/// Counts events per IP address in fixed windows and says when an address is over its limit:
/// wrong reconnect tokens (5 in 10 s), rooms opened (rooms.opens_per_address a minute). Memory
/// stays bounded and nobody is locked out for lack of it: an entry expires with its window, and
/// when the table is full of live entries the oldest gives way, so an attacker cycling through
/// more addresses than the table holds only makes it forget its own oldest ones.
class AddressRateLimit {
 public:
  static constexpr std::size_t kMaxAddresses = 4096;  ///< addresses remembered at once

  AddressRateLimit(int maxEvents, double windowSeconds)
      : maxEvents_(maxEvents), windowSeconds_(windowSeconds) {}

  /// An event from `address`: false if the address is over its limit (refuse it; not counted),
  /// else true, and the event is counted.
  bool admit(std::uint32_t address, double now);
  /// Whether `address` is over its limit at `now` (nothing is counted).
  bool over(std::uint32_t address, double now) const;
  std::size_t remembered() const { return counts_.size(); }
  int maxEvents() const { return maxEvents_; }
  double windowSeconds() const { return windowSeconds_; }

 private:
  struct Window {
    int count = 0;
    double start = 0.0;
  };
  void makeRoom(double now);

  int maxEvents_;
  double windowSeconds_;
  std::unordered_map<std::uint32_t, Window> counts_;
};

}  // namespace coyote
