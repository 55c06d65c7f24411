#pragma once

#include <cstdint>
#include <unordered_map>

namespace coyote {

/// Limits reconnect-token guessing per IP address. Only wrong guesses count: a Hello whose token
/// reserves a slot is always let through (it is checked first), so a guesser can never lock an
/// honest player out, whatever it does from however many addresses. An address with more than
/// kMaxFailures wrong tokens in kWindowSeconds has its next guesses refused until the window
/// passes. Memory stays bounded: an entry expires with its window, and when the table is full of
/// live entries the oldest one gives way.
class ReconnectGuard {
 public:
  static constexpr int kMaxFailures = 5;  ///< per address per window
  static constexpr double kWindowSeconds = 10.0;
  static constexpr std::size_t kMaxAddresses = 4096;  ///< addresses remembered at once

  /// A wrong token from `address`: false if the address is over its limit (refuse it), else
  /// true, and the guess is counted.
  bool admitWrongGuess(std::uint32_t address, double now);
  std::size_t remembered() const { return failures_.size(); }

 private:
  struct Failures {
    int count = 0;
    double windowStart = 0.0;
  };
  void makeRoom(double now);

  std::unordered_map<std::uint32_t, Failures> failures_;
};

}  // namespace coyote
