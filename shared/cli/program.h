#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace coyote::cli {

/// The exit code of every Coyote program for a bad command line, config or input file.
inline constexpr int kUsageError = 2;

/// Prints "<program>: error: <message>" on stderr and returns kUsageError, for `return`.
int fail(std::string_view program, std::string_view message);

/// Parses the command line, which also takes --version ("PROGRAM VERSION", build_version.h).
/// Returns the code `main` should exit with (0 after --help or --version, 2 after a parse error,
/// printed as `fail` does), or nothing when the program should go on.
std::optional<int> parse(CLI::App& app, int argc, char** argv, std::string_view program);

/// Parses the command line into `options`, whose flags `addOptions` declares: the usual start
/// of a Coyote main(). Returns the exit code as `parse` does, or nothing to go on.
template <class Options>
std::optional<int> parse(int argc, char** argv, std::string_view program,
                         const std::string& description, Options& options,
                         void (*addOptions)(CLI::App&, Options&)) {
  CLI::App app{description};
  addOptions(app, options);
  return parse(app, argc, argv, program);
}

/// A "HOST:PORT" address; throws std::runtime_error naming `option` when it is not one.
struct HostPort {
  std::string host;
  std::uint16_t port = 0;
};
HostPort parseHostPort(const std::string& text, std::string_view option);

}  // namespace coyote::cli
