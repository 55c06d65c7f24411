#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace coyote {

/// Whether `more` bytes may go to a peer that has already had `alreadySent` of this kind beyond
/// the game's frames: up to `freeBytes`, or 3 times the bytes it has sent itself
/// (`bytesReceived`) if that is more. Output is bounded by what the peer has proven, as the
/// cookie bounds it before the handshake; Welcome copies and full states each keep such a count.
inline bool withinProvenOutput(std::uint64_t alreadySent, std::size_t more, std::uint64_t freeBytes,
                               std::uint64_t bytesReceived) {
  return alreadySent + more <= std::max<std::uint64_t>(freeBytes, 3 * bytesReceived);
}

}  // namespace coyote
