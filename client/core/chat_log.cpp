#include "client/core/chat_log.h"

#include "wire/text_check.h"

namespace coyote {

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
