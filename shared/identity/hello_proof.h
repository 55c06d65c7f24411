#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "wire/player_identity.h"

namespace coyote::identity {

/// Whether `signature` is `key`'s signature of the Hello proof for `cookie` (the connect cookie
/// the connection's CONNECT carried) and `server` (docs/protocol.md#player-keys). A Hello signed
/// for another server, or for another cookie (another address, or minutes ago), fails.
bool helloSignatureValid(const net::PlayerPublicKey& key, const net::HelloSignature& signature,
                         std::uint32_t cookie, const net::ServerEndpoint& server);

/// What is signed: a context string, the cookie and the server's address, 34 bytes in all.
std::string helloProofMessage(std::uint32_t cookie, const net::ServerEndpoint& server);

/// "a.b.c.d:port", or "a.b.c.d" with `defaultPort`, as an endpoint; nullopt if it is neither.
std::optional<net::ServerEndpoint> parseEndpoint(std::string_view text, std::uint16_t defaultPort);
/// "a.b.c.d:port".
std::string endpointText(const net::ServerEndpoint& endpoint);

/// How servers and admins name a key: the first 16 bytes of its BLAKE2b hash, 32 hex digits.
std::string keyFingerprint(const net::PlayerPublicKey& key);
/// Why `text` is not a fingerprint (32 lowercase hex digits), or "".
std::string fingerprintProblem(const std::string& text);

}  // namespace coyote::identity
