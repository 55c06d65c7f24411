#pragma once

#include <cstdint>
#include <string>

namespace coyote {

inline constexpr std::uintmax_t kMaxLevelFileBytes = 16u << 20;  ///< levels, tilesets, scripts
inline constexpr std::uintmax_t kMaxConfigFileBytes = 1u << 20;  ///< TOML configs
inline constexpr std::uintmax_t kMaxReplayFileBytes = 1u << 30;  ///< days of a full server

/// Reads a whole regular file of at most `maxBytes`, named in UTF-8 (io/utf8_path.h). A missing
/// file, a directory, a FIFO, a device or a larger file is a ConfigError naming the file and the
/// reason, and nothing past the cap is ever read (a FIFO is refused before it is opened, so it
/// cannot block).
std::string readBoundedFile(const std::string& file, std::uintmax_t maxBytes);

/// Writes `text` as the whole of `file` (its folder made if need be) through `file`.new renamed
/// over it, so that a reader never sees half a file. Throws std::runtime_error naming the file.
void writeFileAtomically(const std::string& file, const std::string& text);

}  // namespace coyote
