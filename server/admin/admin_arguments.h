#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "commands/command.h"
#include "server/admin/admin_desk.h"

namespace coyote {

/// An admin reply with `{"error": message}`: the message names the argument at fault.
AdminReply adminFailure(int status, const std::string& message);
/// `reason`: "" if absent; `problem` says why it cannot be (not printable, too long).
std::string reasonArgument(const commands::Arguments& arguments, std::string& problem);
/// `minutes`: a whole number 0 (for good) to kMaxBanMinutes, `fallback` when absent, nothing when
/// malformed.
std::optional<std::int64_t> minutesArgument(const commands::Arguments& arguments,
                                            std::int64_t fallback);

}  // namespace coyote
