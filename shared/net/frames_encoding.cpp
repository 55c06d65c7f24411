#include "net/frames_encoding.h"

#include <sstream>
#include <stdexcept>

#include "net/wire_archive.h"

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

void writeServerFramesHeader(std::uint8_t* out, std::uint32_t serverTick,
                             std::uint8_t inputAckAhead, std::int8_t inputMargin,
                             std::size_t frameCount) {
  if (frameCount > kMaxFramesPerMessage || frameCount > serverTick) {
    throw WireError("frame count " + std::to_string(frameCount) + " out of range");
  }
  out[0] = ServerFrames::kType;
  for (std::size_t i = 0; i < 4; ++i) {
    out[1 + i] = static_cast<std::uint8_t>(serverTick >> (8 * i));
  }
  out[5] = inputAckAhead;
  out[6] = static_cast<std::uint8_t>(inputMargin);
  out[7] = static_cast<std::uint8_t>(frameCount);
}

}  // namespace coyote::net
