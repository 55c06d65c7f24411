#include "server/player_name.h"

#include "wire/text_check.h"

namespace coyote {

std::string nameProblem(std::string_view name) {
  return net::textProblem(name, "the name");
}

std::string nameKey(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return key;
}

}  // namespace coyote
