#pragma once

#include <bit>

#include <cereal/archives/binary.hpp>

namespace coyote::net {

// Messages and replays use Cereal's binary archives: fields in their native byte order. Every
// platform Coyote targets is little-endian, so the bytes are the same everywhere; a big-endian
// build fails here instead of speaking a different wire format. (The portable archive would
// spend one byte per message on an endianness flag — 60 bytes/s of upstream at 60 inputs/s.)
static_assert(std::endian::native == std::endian::little,
              "the Coyote wire format is little-endian");

using WireOutputArchive = cereal::BinaryOutputArchive;
using WireInputArchive = cereal::BinaryInputArchive;

}  // namespace coyote::net
