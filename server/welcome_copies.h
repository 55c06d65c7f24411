#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace coyote {

/// A Welcome's copies for a client that has not received it yet.
///
/// The Welcome goes reliably, in several fragments, and ENet resends a lost fragment only after
/// its retransmission timeout, doubled at every loss: 0.9, 1.8, 3.6 s at a 300 ms round trip.
/// At 25 % loss and 300 ms, 9 joins in 67 waited 6.6 s for it, and now and then a client did
/// not join within the 15 s connect timeout. Until it has the Welcome a client repeats its Hello
/// every 0.2 s; each repeat that comes a round trip after the last Welcome sent is answered with an
/// unreliable copy of the same bytes (a copy arrives whole or not at all). The copies end at the
/// client's first message after the Hello (it has a Welcome) or after `kMaxCopies`; the reliable
/// original still comes. A client cannot draw more than `kMaxCopies` Welcomes, and its address was
/// proven by the connect cookie: nothing here can be aimed at someone else.
class WelcomeCopies {
 public:
  static constexpr int kMaxCopies = 20;
  /// Copies are never closer together than this, whatever the round trip.
  static constexpr double kMinIntervalSeconds = 0.1;

  /// The Welcome `encoded` was just sent reliably, at `now` (s, server time).
  void keep(std::vector<std::uint8_t> encoded, double now);

  /// A repeated Hello arrived at `now`: the bytes to send again, or nothing when no copy is due
  /// (none kept, all sent, or the last one may still be on its way at `roundTripSeconds`).
  std::span<const std::uint8_t> answerRepeatedHello(double now, double roundTripSeconds);

  /// The client spoke after its Hello, so it has a Welcome: no more copies.
  void release();

  int copiesSent() const { return copiesSent_; }

 private:
  std::vector<std::uint8_t> encoded_;
  double lastSentAt_ = 0.0;
  int copiesSent_ = 0;
};

}  // namespace coyote
