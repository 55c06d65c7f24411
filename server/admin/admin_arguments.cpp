#include "server/admin/admin_arguments.h"

#include <charconv>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "server/moderation/ban_list.h"
#include "wire/text_check.h"

namespace coyote {

AdminReply adminFailure(int status, const std::string& message) {
  return {status, nlohmann::json{{"error", message}}.dump()};
}

std::string reasonArgument(const commands::Arguments& arguments, std::string& problem) {
  std::string reason = arguments["reason"];
  problem = net::textProblem(reason, "reason: the text");
  if (problem.empty() && reason.size() > kMaxBanReasonBytes) {
    problem = fmt::format("reason: at most {} bytes", kMaxBanReasonBytes);
  }
  return reason;
}

std::optional<std::int64_t> minutesArgument(const commands::Arguments& arguments,
                                            std::int64_t fallback) {
  const std::string text = arguments["minutes"];
  if (text.empty()) {
    return fallback;
  }
  std::int64_t minutes = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), minutes);
  if (error != std::errc() || end != text.data() + text.size() || minutes < 0 ||
      minutes > kMaxBanMinutes) {
    return std::nullopt;
  }
  return minutes;
}

}  // namespace coyote
