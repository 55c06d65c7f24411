#include "scenario/input_script.h"

#include <charconv>
#include <sstream>

#include <fmt/format.h>

#include "io/bounded_file.h"
#include "io/config_error.h"

namespace coyote {
namespace {

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) {
    return {};
  }
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) {
      return parts;
    }
    start = end + 1;
  }
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> result;
  for (std::string_view part : split(trim(text), ' ')) {
    if (!trim(part).empty()) {
      result.push_back(trim(part));
    }
  }
  return result;
}

class LineParser {
 public:
  LineParser(const std::string& file, int line) : file_(file), line_(line) {}

  [[noreturn]] void fail(int player, std::string_view reason) const {
    throw ConfigError(fmt::format("{}:{}: player {}: {}", file_, line_, player, reason));
  }

  std::int8_t axis(std::string_view text, int player, std::string_view name) const {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) {
      fail(player, fmt::format("{} \"{}\" is not an integer", name, text));
    }
    if (value < -kAxisMax || value > kAxisMax) {
      fail(player, fmt::format("{} must be in [-127, 127], got {}", name, value));
    }
    return static_cast<std::int8_t>(value);
  }

  std::uint8_t buttons(std::string_view text, int player) const {
    if (text == "-") {
      return 0;
    }
    std::uint8_t bits = 0;
    for (std::string_view name : split(text, '+')) {
      if (name == "jump") {
        bits |= kButtonJump;
      } else if (name == "dash") {
        bits |= kButtonDash;
      } else if (name == "down") {
        bits |= kButtonDown;
      } else if (name == "respawn") {
        bits |= kButtonRespawn;
      } else if (name == "restart") {
        bits |= kButtonRestart;
      } else {
        fail(player,
             fmt::format("unknown button \"{}\" (expected jump, dash, down, respawn, restart or -)",
                         name));
      }
    }
    return bits;
  }

 private:
  const std::string& file_;
  int line_;
};

}  // namespace

InputScript parseInputScript(std::string_view text, const std::string& fileName) {
  InputScript script;
  int lineNumber = 0;
  for (std::string_view rawLine : split(text, '\n')) {
    ++lineNumber;
    const std::string_view line = trim(rawLine);
    if (line.empty() || line.front() == '#') {
      continue;
    }
    const std::vector<std::string_view> triples = split(line, ';');
    if (script.players == 0) {
      script.players = static_cast<int>(triples.size());
    }
    const LineParser parser(fileName, lineNumber);
    if (static_cast<int>(triples.size()) != script.players) {
      parser.fail(0, fmt::format("expected {} players on every line, got {}", script.players,
                                 triples.size()));
    }
    if (script.players > kMaxCharacters) {
      parser.fail(0, fmt::format("at most {} players", kMaxCharacters));
    }
    TickInputs inputs{};
    for (std::size_t player = 0; player < triples.size(); ++player) {
      const auto fields = words(triples[player]);
      const int id = static_cast<int>(player);
      if (fields.size() != 3) {
        parser.fail(id, "expected \"moveX moveY buttons\"");
      }
      inputs[player] =
          PlayerInput{parser.axis(fields[0], id, "moveX"), parser.axis(fields[1], id, "moveY"),
                      parser.buttons(fields[2], id)};
    }
    script.ticks.push_back(inputs);
  }
  if (script.ticks.empty()) {
    throw ConfigError(fmt::format("{}: no input lines", fileName));
  }
  return script;
}

InputScript loadInputScript(const std::string& file) {
  return parseInputScript(readBoundedFile(file, kMaxLevelFileBytes), file);
}

}  // namespace coyote
