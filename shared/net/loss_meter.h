#pragma once

#include <bitset>
#include <cstdint>

namespace coyote::net {

/// The loss of a stream of numbered unreliable messages, as their receiver sees it: of the last
/// `kWindow` numbers, the share that never arrived. A duplicate counts once; a late (reordered)
/// message counts when it comes. ENet's own `packetLoss` only sees reliable traffic, which a
/// game barely sends; this sees inputs and frames.
class LossMeter {
 public:
  static constexpr std::uint32_t kWindow = 256;

  /// A message numbered `number` arrived.
  void receive(std::uint32_t number) {
    if (span_ == 0) {
      newest_ = number;
      span_ = 1;
      seen_.set(number % kWindow);
      return;
    }
    if (number > newest_) {
      const std::uint32_t advance = number - newest_;
      for (std::uint32_t i = 1; i <= advance && i <= kWindow; ++i) {
        seen_.reset((newest_ + i) % kWindow);
      }
      newest_ = number;
      span_ = advance >= kWindow - span_ ? kWindow : span_ + advance;
    } else if (newest_ - number >= span_) {
      return;  // older than the window
    }
    seen_.set(number % kWindow);
  }

  /// The same, for an 8-bit number that wraps: taken as the full number nearest the newest.
  void receiveLow8(std::uint8_t low) {
    const auto delta = static_cast<std::int8_t>(static_cast<std::uint8_t>(low - newest_));
    receive(span_ == 0 ? kWindow + low : newest_ + static_cast<std::uint32_t>(delta));
  }

  /// Lost share of the window, in percent (0 before anything arrived).
  double percent() const {
    if (span_ == 0) {
      return 0.0;
    }
    const auto missing = static_cast<double>(span_ - seen_.count());
    return 100.0 * missing / static_cast<double>(span_);
  }

 private:
  std::bitset<kWindow> seen_;
  std::uint32_t newest_ = 0;
  std::uint32_t span_ = 0;  ///< numbers the window covers so far (≤ kWindow)
};

}  // namespace coyote::net
