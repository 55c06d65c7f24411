#include "server/modules/names_module.h"

#include <optional>
#include <stdexcept>

#include "server/modules/server_module.h"

namespace coyote {

const NameFunctions* nameFunctions() {
  static const std::optional<NameFunctions> functions = []() -> std::optional<NameFunctions> {
    try {
      return NameFunctions{
          moduleFunction<decltype(NameFunctions::key)>("names_icu", kNameKey),
          moduleFunction<decltype(NameFunctions::holdsOtherSpace)>("names_icu", kHoldsOtherSpace)};
    } catch (const std::runtime_error&) {
      return std::nullopt;
    }
  }();
  return functions ? &*functions : nullptr;
}

}  // namespace coyote
