#include "server/names/player_name.h"

#include <algorithm>
#include <array>
#include <memory>

#include "server/names/names_module.h"
#include "wire/text_check.h"

namespace coyote {
namespace {

/// Names the server's own lines use, or that would pass for someone who speaks for it.
constexpr std::array<std::string_view, 8> kReserved = {
    "server", "admin", "administrator", "moderator", "console", "system", "coyote", "spectator"};

}  // namespace

std::string nameProblem(std::string_view name) {
  if (name.empty()) {
    return "";
  }
  if (std::string problem = net::nameTextProblem(name, "the name"); !problem.empty()) {
    return problem;
  }
  const NameFunctions* unicode = nameFunctions();
  if (unicode != nullptr && unicode->holdsOtherSpace(name.data(), name.size())) {
    return "the name holds a space other than the plain one";
  }
  if (std::string_view("[({<*-").find(name.front()) != std::string_view::npos) {
    return "the name starts with a bracket, an asterisk or a hyphen, as the server's lines do";
  }
  static const std::array<std::string, kReserved.size()> reservedKeys = [] {
    std::array<std::string, kReserved.size()> keys;
    std::transform(kReserved.begin(), kReserved.end(), keys.begin(),
                   [](std::string_view reserved) { return nameKey(reserved); });
    return keys;
  }();
  const std::string key = nameKey(name);
  for (std::size_t i = 0; i < kReserved.size(); ++i) {
    if (key == reservedKeys[i]) {
      return "the name " + std::string(kReserved[i]) + " is the server's (or looks like it)";
    }
  }
  return "";
}

std::string asciiNameKey(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return key;
}

std::string nameKey(std::string_view name) {
  std::string key;
  const NameFunctions* unicode = nameFunctions();
  if (unicode == nullptr || !unicode->key(name.data(), name.size(), &key)) {
    return asciiNameKey(name);  // no ICU: case alone, as before look-alikes were folded
  }
  return key;
}

}  // namespace coyote
