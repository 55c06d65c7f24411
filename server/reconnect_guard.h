#pragma once

#include <cstdint>
#include <unordered_map>

namespace coyote {

/// Limits reconnect-token guessing per IP address: a Hello with a token that reserves nothing
/// is a failed guess, and an address with too many in a window has its tokens refused until the
/// window passes. Memory stays bounded: old entries are dropped, and past a cap every unknown
/// address is treated as over its limit.
class ReconnectGuard {
 public:
  static constexpr int kMaxFailures = 5;  ///< per address per window
  static constexpr double kWindowSeconds = 10.0;
  static constexpr std::size_t kMaxAddresses = 4096;  ///< addresses remembered at once

  /// False while `address` is over its limit.
  bool allows(std::uint32_t address, double now);
  void recordFailure(std::uint32_t address, double now);

 private:
  struct Failures {
    int count = 0;
    double windowStart = 0.0;
  };
  void forgetOld(double now);

  std::unordered_map<std::uint32_t, Failures> failures_;
};

}  // namespace coyote
