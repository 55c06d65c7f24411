#pragma once

#include "wire/reconnect_token.h"

namespace coyote::net {

/// A fresh reconnect token from the OS CSPRNG (libsodium's randombytes), never all zeros; throws
/// std::runtime_error if libsodium cannot start. Here, beside the other users of libsodium, and
/// not in the wire library, which stays free of it (coyote-sim is cross-built without it).
ReconnectToken newReconnectToken();

}  // namespace coyote::net
