#include "client/core/chat_log.h"

#include <fmt/format.h>

#include "wire/text_check.h"

namespace coyote {

std::string ChatLog::lineProblem(const std::string& text) {
  if (text.empty()) {
    return "the line is empty";
  }
  if (std::string problem = net::textProblem(text, "the line"); !problem.empty()) {
    return problem;
  }
  if (net::codePointCount(text) > net::kMaxChatCharacters) {
    return fmt::format("the line is longer than {} characters", net::kMaxChatCharacters);
  }
  return "";
}

std::string ChatLog::receive(const net::ChatLine& line, double now) {
  if (std::string problem = net::textProblem(line.name, "a chat name"); !problem.empty()) {
    return problem;
  }
  if (std::string problem = net::textProblem(line.text, "a chat line"); !problem.empty()) {
    return problem;
  }
  lines_.push_back({line.kind, line.name, line.text, now});
  if (lines_.size() > kCapacity) {
    lines_.pop_front();
  }
  return "";
}

}  // namespace coyote
