#include "commands/command.h"

#include <cctype>

namespace coyote::commands {
namespace {

std::string upper(std::string_view text) {
  std::string result(text);
  for (char& c : result) {
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return result;
}

bool isChoice(const Parameter& parameter, std::string_view word) {
  std::string_view choices = parameter.choices;
  while (!choices.empty()) {
    const std::size_t bar = choices.find('|');
    if (choices.substr(0, bar) == word) {
      return true;
    }
    choices = bar == std::string_view::npos ? "" : choices.substr(bar + 1);
  }
  return false;
}

/// The first word of `text` (after its spaces), and what follows it.
std::pair<std::string_view, std::string_view> firstWord(std::string_view text) {
  const std::size_t start = text.find_first_not_of(' ');
  if (start == std::string_view::npos) {
    return {"", ""};
  }
  text.remove_prefix(start);
  const std::size_t end = text.find(' ');
  return {text.substr(0, end), end == std::string_view::npos ? "" : text.substr(end)};
}

}  // namespace

std::string Arguments::operator[](std::string_view name) const {
  const auto found = values_.find(name);
  return found == values_.end() ? "" : found->second;
}

std::string usage(const Command& command) {
  std::string line(command.name);
  for (const Parameter& parameter : command.parameters) {
    const std::string shown =
        parameter.choices.empty() ? upper(parameter.name) : std::string(parameter.choices);
    line.append(parameter.optional ? " [" : " ")
        .append(shown)
        .append(parameter.optional ? "]" : "");
  }
  return line;
}

std::string fieldList(const Command& command) {
  std::string cell;
  for (const Parameter& parameter : command.parameters) {
    cell.append(cell.empty() ? "`" : ", `").append(parameter.name);
    cell.append(parameter.optional ? "`?" : "`");
    if (!parameter.note.empty()) {
      cell.append(" (").append(parameter.note).append(")");
    }
  }
  return cell;
}

std::optional<Arguments> fromLine(const Command& command, std::string_view rest) {
  Arguments::Values values;
  for (const Parameter& parameter : command.parameters) {
    const auto [word, after] = firstWord(rest);
    if (word.empty()) {
      if (!parameter.optional) {
        return std::nullopt;
      }
      continue;
    }
    if (parameter.takes == Parameter::Takes::kText) {
      values.emplace(parameter.name, rest.substr(rest.find_first_not_of(' ')));  // as typed
      rest = "";
      continue;
    }
    if (!parameter.choices.empty() && !isChoice(parameter, word)) {
      return std::nullopt;
    }
    values.emplace(parameter.name, word);
    rest = after;
  }
  if (!firstWord(rest).first.empty()) {
    return std::nullopt;  // a word no parameter takes
  }
  return Arguments(std::move(values));
}

std::variant<Arguments, std::string> fromFields(const Command& command,
                                                const std::map<std::string, std::string>& fields) {
  Arguments::Values values;
  for (const Parameter& parameter : command.parameters) {
    const auto found = fields.find(std::string(parameter.name));
    const bool given = found != fields.end();
    const bool missing = !given || found->second.empty();
    const bool fits = !given || parameter.choices.empty() || isChoice(parameter, found->second);
    if (missing && !parameter.optional) {
      return std::string(parameter.name) + ": " + std::string(parameter.about);
    }
    if (!fits) {
      return std::string(parameter.name) + ": one of " + std::string(parameter.choices);
    }
    if (given) {
      values.emplace(parameter.name, found->second);
    }
  }
  return Arguments(std::move(values));
}

}  // namespace coyote::commands
