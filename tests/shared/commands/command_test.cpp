// The one command table and the checks every program's commands share: usage lines, arguments
// from a typed line and from an admin request's fields, finding a two-word command, and the
// binding of handlers that refuses a command left without one.
#include "commands/command.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "commands/command_handlers.h"
#include "commands/command_list.h"

namespace coyote::commands {
namespace {

using ::testing::ElementsAre;

const Command& named(std::string_view name) {
  for (const Command& command : commandList()) {
    if (command.name == name) {
      return command;
    }
  }
  throw std::out_of_range(std::string(name));
}

TEST(CommandList, EachNameIsDeclaredOnceAndEveryCommandServesSomeone) {
  std::set<std::string_view> names;
  for (const Command& command : commandList()) {
    EXPECT_TRUE(names.insert(command.name).second) << command.name << " is declared twice";
    EXPECT_NE(command.access, 0u) << command.name;
    EXPECT_FALSE(command.help.empty()) << command.name;
  }
  EXPECT_EQ(commandsFor(kAdmin).size(), 11u);
  EXPECT_EQ(commandsFor(kConsole).size(), 16u);
  EXPECT_EQ(commandsFor(kPlayer).size(), 4u);
}

TEST(Command, UsageShowsNamesInCapitalsChoicesAsTheyAreAndOptionalsInBrackets) {
  EXPECT_EQ(usage(named("connect")), "connect HOST:PORT");
  EXPECT_EQ(usage(named("password")), "password [TEXT]");
  EXPECT_EQ(usage(named("debug")), "debug joints|limits on|off");
  EXPECT_EQ(usage(named("vote kick")), "vote kick NAME");
  EXPECT_EQ(fieldList(named("level")),
            "`level`, `room`? (main), `when`? (now or race_end), `wait`? (300)");
}

TEST(Command, ALineGivesWordsAndTextAsTypedOrNothingWhenItDoesNotFit) {
  const std::optional<Arguments> say = fromLine(named("say"), "  hello   there ");
  ASSERT_TRUE(say);
  EXPECT_EQ((*say)["text"], "hello   there ");
  const std::optional<Arguments> debug = fromLine(named("debug"), " joints  on");
  ASSERT_TRUE(debug);
  EXPECT_EQ((*debug)["view"], "joints");
  EXPECT_EQ((*debug)["state"], "on");
  EXPECT_FALSE(fromLine(named("debug"), " joints maybe")) << "not one of its choices";
  EXPECT_FALSE(fromLine(named("debug"), " joints")) << "one missing";
  EXPECT_FALSE(fromLine(named("name"), " two words")) << "one too many";
  EXPECT_FALSE(fromLine(named("say"), "   "));
  const std::optional<Arguments> password = fromLine(named("password"), "");
  ASSERT_TRUE(password);
  EXPECT_FALSE(password->has("text"));
}

TEST(Command, FieldsAreCheckedByNameAndTheProblemNamesTheField) {
  const auto kick = fromFields(named("kick"), {{"player", "wile"}, {"colour", "red"}});
  ASSERT_TRUE(std::holds_alternative<Arguments>(kick));
  EXPECT_EQ(std::get<Arguments>(kick)["player"], "wile");
  EXPECT_FALSE(std::get<Arguments>(kick).has("colour")) << "a field no parameter names is left out";
  EXPECT_EQ(std::get<std::string>(fromFields(named("kick"), {})),
            "player: the name of a player to kick");
  EXPECT_EQ(std::get<std::string>(fromFields(named("kick"), {{"player", ""}})),
            "player: the name of a player to kick");
  EXPECT_EQ(std::get<std::string>(fromFields(named("level"), {{"level", "a"}, {"when", "soon"}})),
            "when: one of now|race_end");
  EXPECT_EQ(std::get<std::string>(fromFields(named("level"), {{"level", "a"}, {"when", ""}})),
            "when: one of now|race_end");
  const auto ban = fromFields(named("ban"), {{"name", ""}});
  ASSERT_TRUE(std::holds_alternative<Arguments>(ban));
  EXPECT_TRUE(std::get<Arguments>(ban).has("name")) << "an optional field given empty is given";
}

TEST(CommandList, TheLongestNameThatStartsTheLineIsFoundForItsAccessOnly) {
  const Found vote = findCommand("vote kick wile e", kPlayer);
  ASSERT_NE(vote.command, nullptr);
  EXPECT_EQ(vote.command->name, "vote kick");
  EXPECT_EQ(vote.rest, " wile e");
  EXPECT_EQ(findCommand("vote", kPlayer).command, nullptr);
  EXPECT_EQ(findCommand("vote kickwile", kPlayer).command, nullptr);
  EXPECT_EQ(findCommand("kick wile", kPlayer).command, nullptr) << "an admin command";
  EXPECT_NE(findCommand("kick wile", kAdmin).command, nullptr);
  EXPECT_EQ(commandNamed("quit", kPlayer), nullptr);
  EXPECT_NE(commandNamed("help", kPlayer), nullptr);
  EXPECT_NE(commandNamed("help", kConsole), nullptr);
}

TEST(CommandHandlers, ACommandWithoutAHandlerOrAHandlerWithoutACommandIsRefused) {
  using Handler = int;
  std::map<std::string_view, Handler> all{
      {"vote kick", 1}, {"vote yes", 2}, {"vote no", 3}, {"help", 4}};
  const CommandHandlers<Handler> bound(kPlayer, all);
  EXPECT_EQ(bound[named("vote yes")], 2);
  std::map<std::string_view, Handler> missing = all;
  missing.erase("vote no");
  EXPECT_THROW(CommandHandlers<Handler>(kPlayer, missing), std::logic_error);
  std::map<std::string_view, Handler> extra = all;
  extra.emplace("dance", 5);
  EXPECT_THROW(CommandHandlers<Handler>(kPlayer, extra), std::logic_error);
  extra.erase("dance");
  extra.emplace("quit", 6);  // a command, but not the players'
  EXPECT_THROW(CommandHandlers<Handler>(kPlayer, extra), std::logic_error);
}

}  // namespace
}  // namespace coyote::commands
