#include "server/names/names_module.h"

#include <optional>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "server/modules/server_module.h"

namespace coyote {

const NameFunctions* nameFunctions() {
  static const std::optional<NameFunctions> functions = []() -> std::optional<NameFunctions> {
    try {
      return NameFunctions{
          moduleFunction<decltype(NameFunctions::key)>("names_icu", kNameKey),
          moduleFunction<decltype(NameFunctions::holdsOtherSpace)>("names_icu", kHoldsOtherSpace)};
    } catch (const std::runtime_error& error) {
      spdlog::error("{}: names are compared by their case alone", error.what());
      return std::nullopt;
    }
  }();
  return functions ? &*functions : nullptr;
}

}  // namespace coyote
