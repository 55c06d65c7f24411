#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace coyote::listing {

// How a master proves that a game server is where it says (DDNet's registration challenge): the
// master sends a one-time token in a datagram to the game port the registration names; the game
// server, which alone receives what is sent there, carries the token back in its next
// registration. The datagram names the registration's challenge, a random number each game
// server picks per master, so the server knows which master's token it holds and a stranger's
// registration cannot make it hand on a token it did not ask for. The game server never answers
// the datagram: it cannot be used to reflect anything.

/// 16 random bytes: a game server's name for its registration with one master.
using Challenge = std::array<std::uint8_t, 16>;
/// 16 bytes the master computes from its secret key, the address, the port and the challenge.
using Token = std::array<std::uint8_t, 16>;

inline constexpr std::array<std::uint8_t, 8> kMasterTokenMagic{'C', 'O', 'Y', 'O',
                                                               'T', 'E', '!', 'T'};
inline constexpr std::size_t kMasterTokenSize = kMasterTokenMagic.size() + 16 + 16;

struct MasterToken {
  Challenge challenge{};
  Token token{};
};

std::array<std::uint8_t, kMasterTokenSize> encodeMasterToken(const MasterToken& token);
/// A well-formed token datagram (magic, exact size), nullopt for anything else.
std::optional<MasterToken> parseMasterToken(std::span<const std::uint8_t> datagram);

/// Two lower-case hex digits a byte.
std::string hexText(std::span<const std::uint8_t> bytes);
/// `text` of exactly 2 × out.size() hex digits (either case) into `out`; false otherwise.
bool readHex(std::string_view text, std::span<std::uint8_t> out);

}  // namespace coyote::listing
