#pragma once

#include <cstdlib>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace coyote::test {

/// Sets environment variables for the children started while it lives.
struct ScopedEnvironment {
  std::vector<std::string> names;
  ScopedEnvironment(std::initializer_list<std::pair<const char*, std::string>> variables)
      : ScopedEnvironment(std::vector<std::pair<const char*, std::string>>(variables)) {}
  explicit ScopedEnvironment(const std::vector<std::pair<const char*, std::string>>& variables) {
    for (const auto& [name, value] : variables) {
      setenv(name, value.c_str(), 1);
      names.emplace_back(name);
    }
  }
  ~ScopedEnvironment() {
    for (const std::string& name : names) {
      unsetenv(name.c_str());
    }
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;
};

}  // namespace coyote::test
