#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace coyote::commands {

/// Who may run a command, as DDNet's console flags each one: a command may serve several.
enum Access : unsigned {
  kAdmin = 1u << 0,    ///< the server's admin API, at /admin/NAME (docs/hosting.md#moderation)
  kPlayer = 1u << 1,   ///< any player, as a chat line starting with `/` (docs/playing.md#chat)
  kConsole = 1u << 2,  ///< the window client's console (docs/playing.md#console)
};

/// One parameter of a command.
struct Parameter {
  enum class Takes { kWord, kText };  ///< one word, or the rest of the line as typed

  std::string_view name{};  ///< the admin API's field; upper-case in a usage line (`PLAYER`)
  bool optional = false;
  Takes takes = Takes::kWord;
  std::string_view choices{};  ///< "on|off": the only words it takes, shown in place of its name
  std::string_view about{};    ///< what it is: help, and why it was refused ("player: " + about)
  std::string_view note{};     ///< after its name in the admin docs: "10" for "`minutes`? (10)"
  bool number = false;         ///< a whole number: coyote-admin says NUMBER, not TEXT
  /// Given or not (choices "yes|no"): coyote-admin's `--name` alone sends "yes".
  bool flag = false;
};

/// One command: what the docs, `help` and the argument checks all read.
struct Command {
  std::string_view name{};  ///< one or two words: `kick`, `vote kick`
  std::vector<Parameter> parameters{};
  std::string_view help{};
  unsigned access = 0;   ///< Access flags
  bool changes = false;  ///< the admin API serves it by POST, by GET when it only reads
};

/// A command's arguments by parameter name; one left out is absent.
class Arguments {
 public:
  using Values = std::map<std::string, std::string, std::less<>>;

  Arguments() = default;
  explicit Arguments(Values values) : values_(std::move(values)) {}

  bool has(std::string_view name) const { return values_.contains(name); }
  /// The argument `name`: "" when absent.
  std::string operator[](std::string_view name) const;
  const Values& values() const { return values_; }

 private:
  Values values_;
};

/// The usage line: `connect HOST:PORT`, `password [TEXT]`, `debug joints|limits on|off`.
std::string usage(const Command& command);
/// The admin docs' cell of its fields: "`player`, `room`?, `minutes`? (10)".
std::string fieldList(const Command& command);

/// The arguments the words of `rest` (a line after the command's name) give `command`; nothing
/// if they do not fit its parameters: one missing, one too many, a word not among its choices.
std::optional<Arguments> fromLine(const Command& command, std::string_view rest);
/// The arguments an admin request's `fields` give `command` (fields it has no parameter for are
/// left out), or the problem of the first one at fault: "NAME: ABOUT" if needed and missing or
/// empty, "NAME: one of A|B" if not one of its choices.
std::variant<Arguments, std::string> fromFields(const Command& command,
                                                const std::map<std::string, std::string>& fields);

}  // namespace coyote::commands
