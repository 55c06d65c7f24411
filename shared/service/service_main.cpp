#include "service/service_main.h"

#include <fmt/format.h>

namespace coyote::service {

void addOptions(CLI::App& app, Options& options, std::string_view configFile,
                std::string_view checks) {
  const std::string_view kind = configFile.substr(0, configFile.find('.'));
  app.add_option("--config", options.configFile,
                 fmt::format("{} TOML (default: configs/{} here, else /etc/coyote/{}, else the "
                             "installed one)",
                             kind, configFile, configFile));
  app.add_option("--port-file", options.portFile,
                 "write the bound port to this file once listening");
  app.add_flag("--check-config", options.checkConfig,
               fmt::format("read {}, say what is wrong, and exit", checks));
  app.add_option("--check-health", options.checkHealthUrl,
                 "GET this http:// URL and exit 0 if it answers 200, 1 otherwise (HEALTHCHECK)");
  app.add_option("--log-level", options.logLevel, "trace, debug, info, warn, error");
}

}  // namespace coyote::service
