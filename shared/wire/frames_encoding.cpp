#include "wire/frames_encoding.h"

#include <sstream>
#include <stdexcept>

#include "wire/wire_archive.h"

namespace coyote::net {

std::vector<std::uint8_t> encodeTickFrame(const TickFrame& frame) {
  std::ostringstream stream(std::ios::binary);
  {
    WireOutputArchive archive(stream);
    archive(frame);
  }
  const std::string bytes = stream.str();
  return {bytes.begin(), bytes.end()};
}

void writeServerFramesHeader(std::uint8_t* out, const ServerFrames& header,
                             std::size_t frameCount) {
  if (frameCount > kMaxFramesPerMessage || frameCount > header.serverTick) {
    throw WireError("frame count " + std::to_string(frameCount) + " out of range");
  }
  if (header.inputLoss > ServerFrames::kMaxInputLoss) {
    throw WireError("input loss out of range");
  }
  out[0] = ServerFrames::kType;
  for (std::size_t i = 0; i < 4; ++i) {
    out[1 + i] = static_cast<std::uint8_t>(header.serverTick >> (8 * i));
  }
  out[5] = header.sequence;
  out[6] = header.inputAckAhead;
  out[7] = static_cast<std::uint8_t>(header.inputMargin);
  out[8] = header.inputLoss;
  out[9] = static_cast<std::uint8_t>(frameCount);
}

}  // namespace coyote::net
