#include "server/modules/server_module.h"

#include <dlfcn.h>

#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

#include <fmt/format.h>

#include "io/install_paths.h"

namespace coyote {

std::string modulePath(std::string_view module) {
  const std::string programs = programFolder();
  const std::filesystem::path folder = programs.empty() ? "." : programs;
  return (folder / ".." / "lib" / "coyote" / (std::string(module) + ".so"))
      .lexically_normal()
      .string();
}

bool moduleInstalled(std::string_view module) {
  std::error_code unreadable;
  return std::filesystem::is_regular_file(modulePath(module), unreadable);
}

void* moduleSymbol(std::string_view module, const char* symbol) {
  static std::mutex mutex;
  static std::map<std::string, void*, std::less<>> loaded;
  const std::lock_guard lock(mutex);
  auto found = loaded.find(module);
  if (found == loaded.end()) {
    const std::string path = modulePath(module);
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      throw std::runtime_error(fmt::format("the module {} did not load: {}", module, dlerror()));
    }
    found = loaded.emplace(std::string(module), handle).first;
  }
  void* address = dlsym(found->second, symbol);
  if (address == nullptr) {
    throw std::runtime_error(fmt::format("{} is not Coyote's module {}: it has no {}",
                                         modulePath(module), module, symbol));
  }
  return address;
}

}  // namespace coyote
