#pragma once

#include <string>

#include "wire/server_info.h"

namespace coyote {

/// Why a registration's info claims what cannot be (docs/master.md#what-a-listing-may-say), or
/// "": a protocol this master does not know (1 to net::kProtocolVersion); a name that breaks the
/// players' name rules or looks blank; more players than places, in the server or in a room; a
/// room larger than the server; rooms whose players do not add up to the server's; a mode that is
/// neither "play" nor "race". The reason names the field. What cannot be checked (whether the
/// players are real) the browser learns from its own info query.
std::string infoClaimProblem(const net::ServerInfo& info);

}  // namespace coyote
