#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "wire/messages.h"

namespace coyote::net {

// ServerFrames assembled from frames encoded once per tick. Every client that has not
// acknowledged tick T receives the same bytes for T, so the server encodes each TickFrame once
// and copies it into each client's message behind an 8-byte header: exactly the bytes that
// `encode(ServerFrames{…})` would give (a test holds them equal).

inline constexpr std::size_t kServerFramesHeaderSize = 10;

/// A TickFrame's Cereal body, as it appears inside a ServerFrames message.
std::vector<std::uint8_t> encodeTickFrame(const TickFrame& frame);

/// Writes the type byte and the header fields of `header` (its `frames` are ignored) with the
/// frame count (≤ kMaxFramesPerMessage) at `out`, which has room for kServerFramesHeaderSize
/// bytes. Throws WireError for a value the decoder would refuse.
void writeServerFramesHeader(std::uint8_t* out, const ServerFrames& header, std::size_t frameCount);

}  // namespace coyote::net
