#include "server/player_name.h"

#include "wire/text_check.h"

namespace coyote {

std::string nameProblem(std::string_view name) {
  return net::textProblem(name, "the name");
}

}  // namespace coyote
