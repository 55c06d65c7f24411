#include "cli/program.h"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <stdexcept>

#include "platform/command_line.h"
#include "version/build_version.h"

namespace coyote::cli {

int fail(std::string_view program, std::string_view message) {
  std::cerr << program << ": error: " << message << "\n";
  return kUsageError;
}

std::optional<int> parse(CLI::App& app, int argc, char** argv, std::string_view program) {
  platform::useUtf8Console();
  std::vector<std::string> arguments = platform::commandLineArguments(argc, argv);
  std::reverse(arguments.begin(), arguments.end());  // CLI11 takes them last first
  if (argc > 0 && app.get_name().empty()) {
    app.name(argv[0]);  // what CLI11 takes from argv for --help's usage line
  }
  app.set_version_flag("--version", versionLine(program), "print the program's version and exit");
  try {
    app.parse(arguments);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version);
  } catch (const CLI::ParseError& error) {
    return fail(program, error.what());
  }
  return std::nullopt;
}

HostPort parseHostPort(const std::string& text, std::string_view option) {
  const auto colon = text.rfind(':');
  const std::string digits = colon == std::string::npos ? "" : text.substr(colon + 1);
  int port = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
  if (colon == 0 || digits.empty() || error != std::errc() ||
      end != digits.data() + digits.size() || port <= 0 || port > 65535) {
    throw std::runtime_error(std::string(option) + " must be HOST:PORT, got \"" + text + "\"");
  }
  return {text.substr(0, colon), static_cast<std::uint16_t>(port)};
}

}  // namespace coyote::cli
