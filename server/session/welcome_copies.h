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
///
/// Copies are also bounded by what the client sent: all of a join's copies together carry at
/// most kFreeCopyBytes, or 3 times the bytes received from the connection if that is more. A
/// small level's Welcome (a few KB) is copied several times, as lossy joins need; a big one
/// (tens of KB, a level of 2,000 crates) goes once, reliably, unless the client has sent a third
/// of it, so a Hello repeated every 0.1 s draws no more than 3 times its own bytes.
class WelcomeCopies {
 public:
  static constexpr int kMaxCopies = 20;
  static constexpr std::size_t kFreeCopyBytes = 16 * 1024;
  /// Copies are never closer together than this, whatever the round trip.
  static constexpr double kMinIntervalSeconds = 0.1;

  /// The Welcome `encoded` was just sent reliably, at `now` (s, server time).
  void keep(std::vector<std::uint8_t> encoded, double now);

  /// A repeated Hello arrived at `now`: the bytes to send again, or nothing when no copy is due
  /// (none kept, all sent, the last one may still be on its way at `roundTripSeconds`, or the
  /// copy would pass the budget that `bytesReceived` from the client allows).
  std::span<const std::uint8_t> answerRepeatedHello(double now, double roundTripSeconds,
                                                    std::uint64_t bytesReceived);

  /// The client spoke after its Hello, so it has a Welcome: no more copies.
  void release();

  int copiesSent() const { return copiesSent_; }

 private:
  std::vector<std::uint8_t> encoded_;
  double lastSentAt_ = 0.0;
  int copiesSent_ = 0;
  std::uint64_t copyBytes_ = 0;
};

}  // namespace coyote
