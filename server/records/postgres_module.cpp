#include "server/records/postgres_module.h"

#include <dlfcn.h>

#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace coyote {
namespace {

/// The entry point, from the module loaded once and never unloaded (the stores it made live in
/// it); what went wrong instead.
struct LoadedModule {
  OpenPostgresRecords open = nullptr;
  std::string problem;
};

LoadedModule load() {
  const std::string path = postgresModulePath();
  void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (module == nullptr) {
    return {nullptr,
            fmt::format("records.url: the PostgreSQL records module did not load: {}", dlerror())};
  }
  void* entry = dlsym(module, kOpenPostgresRecordsSymbol);
  if (entry == nullptr) {
    return {nullptr, fmt::format("records.url: {} is not Coyote's PostgreSQL records module: no {}",
                                 path, kOpenPostgresRecordsSymbol)};
  }
  return {reinterpret_cast<OpenPostgresRecords>(entry), ""};
}

}  // namespace

std::string postgresModulePath() {
  std::error_code unknown;
  const std::filesystem::path program = std::filesystem::canonical("/proc/self/exe", unknown);
  const std::filesystem::path folder = unknown ? std::filesystem::path(".") : program.parent_path();
  return (folder / ".." / "lib" / "coyote" / "records_postgres.so").lexically_normal().string();
}

std::unique_ptr<RecordsStore> openPostgresRecordsModule(const std::string& url) {
  static const LoadedModule module = load();  // once, by whichever thread asks first
  if (module.open == nullptr) {
    throw std::runtime_error(module.problem);
  }
  return std::unique_ptr<RecordsStore>(module.open(url.c_str()));
}

}  // namespace coyote
