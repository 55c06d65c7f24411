#include "cli/program.h"

#include <iostream>

namespace coyote::cli {

int fail(std::string_view program, std::string_view message) {
  std::cerr << program << ": error: " << message << "\n";
  return kUsageError;
}

std::optional<int> parse(CLI::App& app, int argc, char** argv, std::string_view program) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    return fail(program, error.what());
  }
  return std::nullopt;
}

}  // namespace coyote::cli
