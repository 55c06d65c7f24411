// The console's commands and line: each command reaches its target with its arguments, a wrong
// one is answered with its usage; history and completion.
#include "client/app/ui/console.h"
#include "support/key_events.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace coyote {
namespace {

using ::testing::ElementsAre;

/// Records what the commands asked for.
struct Target : ConsoleTarget {
  std::vector<std::string> calls;
  std::string connect(const std::string& address) override { return note("connect " + address); }
  std::string spectate(const std::string& address) override { return note("spectate " + address); }
  std::string disconnect() override { return note("disconnect"); }
  std::string setName(const std::string& name) override { return note("name " + name); }
  std::string setRoom(const std::string& room) override { return note("room " + room); }
  std::string say(const std::string& text) override { return note("say " + text); }
  std::string setView(const std::string& view, bool on) override {
    return note(view + (on ? " on" : " off"));
  }
  std::string quit() override { return note("quit"); }
  std::string setPassword(const std::string& password) override {
    return note("password " + password);
  }
  std::string playLocal() override { return note("local"); }
  std::string kill() override { return note("kill"); }
  std::string restart() override { return note("restart"); }
  std::string watchReplay(const std::string& file) override { return note("replay " + file); }
  std::string showMenu(const std::string& menu) override { return note("menu " + menu); }
  std::string note(const std::string& call) {
    calls.push_back(call);
    return "did " + call;
  }
};

TEST(ConsoleCommands, EachCommandReachesItsTargetWithItsArguments) {
  Target target;
  EXPECT_THAT(runConsoleCommand("connect 10.0.0.1:7777", target),
              ElementsAre("did connect 10.0.0.1:7777"));
  runConsoleCommand("  name   wile  ", target);
  runConsoleCommand("room race", target);
  runConsoleCommand("say  hello   there ", target);
  runConsoleCommand("debug joints on", target);
  runConsoleCommand("debug limits off", target);
  runConsoleCommand("net_graph 1", target);
  runConsoleCommand("disconnect", target);
  runConsoleCommand("quit", target);
  runConsoleCommand("password open sesame", target);
  runConsoleCommand("password", target);
  runConsoleCommand("local", target);
  runConsoleCommand("menu options", target);
  runConsoleCommand("kill", target);
  runConsoleCommand("restart", target);
  runConsoleCommand("replay replays/cup.rpl", target);
  runConsoleCommand("spectate 10.0.0.2:7778", target);
  EXPECT_THAT(target.calls,
              ElementsAre("connect 10.0.0.1:7777", "name wile", "room race", "say hello   there ",
                          "joints on", "limits off", "net_graph on", "disconnect", "quit",
                          "password open sesame", "password ", "local", "menu options", "kill",
                          "restart", "replay replays/cup.rpl", "spectate 10.0.0.2:7778"));
}

TEST(ConsoleCommands, AWrongLineGetsItsUsageAndReachesNothing) {
  Target target;
  EXPECT_THAT(runConsoleCommand("conect 1.2.3.4:5", target),
              ElementsAre("unknown command: conect (help lists them)"));
  EXPECT_THAT(runConsoleCommand("connect", target), ElementsAre("usage: connect HOST:PORT"));
  EXPECT_THAT(runConsoleCommand("name two words", target), ElementsAre("usage: name NAME"));
  EXPECT_THAT(runConsoleCommand("say", target), ElementsAre("usage: say TEXT"));
  EXPECT_THAT(runConsoleCommand("debug joints maybe", target),
              ElementsAre("usage: debug joints|limits on|off"));
  EXPECT_THAT(runConsoleCommand("net_graph 2", target), ElementsAre("usage: net_graph 0|1"));
  EXPECT_THAT(runConsoleCommand("disconnect now", target), ElementsAre("usage: disconnect"));
  EXPECT_TRUE(runConsoleCommand("   ", target).empty());
  EXPECT_TRUE(target.calls.empty());
  EXPECT_THAT(runConsoleCommand("local now", target), ElementsAre("usage: local"));
  EXPECT_TRUE(target.calls.empty());
  EXPECT_EQ(runConsoleCommand("help", target).size(), 16u);
  EXPECT_THAT(runConsoleCommand("help room", target),
              ElementsAre("room ROOM: join another room of this server"));
}

TEST(ConsoleCommands, CompletesCommandsAndTheirArguments) {
  EXPECT_THAT(completeConsoleCommand("di"), ElementsAre("disconnect "));
  EXPECT_THAT(completeConsoleCommand("d"), ElementsAre("disconnect ", "debug "));
  EXPECT_THAT(completeConsoleCommand("debug "), ElementsAre("debug joints", "debug limits"));
  EXPECT_THAT(completeConsoleCommand("debug joints o"),
              ElementsAre("debug joints on", "debug joints off"));
  EXPECT_THAT(completeConsoleCommand("net_graph "), ElementsAre("net_graph 0", "net_graph 1"));
  EXPECT_TRUE(completeConsoleCommand("zzz").empty());
}

using test::key;

void type(Console& console, Target& target, const std::string& text) {
  for (const char c : text) {
    console.handle(test::typed(static_cast<unsigned char>(c)), target);
  }
}

TEST(Console, OpensWithItsKeyRunsLinesAndRecallsThem) {
  Console console;
  Target target;
  EXPECT_FALSE(console.handle(key(sf::Keyboard::A), target)) << "closed: the game's key";
  EXPECT_TRUE(console.handle(key(sf::Keyboard::Tilde), target));
  EXPECT_TRUE(console.open());
  type(console, target, "`ne");  // the ` that opened it is not typed
  console.handle(key(sf::Keyboard::Tab), target);
  EXPECT_EQ(console.input(), "net_graph ");
  type(console, target, "1");
  console.handle(key(sf::Keyboard::Enter), target);
  type(console, target, "room race");
  console.handle(key(sf::Keyboard::Enter), target);
  EXPECT_THAT(target.calls, ElementsAre("net_graph on", "room race"));
  EXPECT_THAT(console.lines(),
              ElementsAre("> net_graph 1", "did net_graph on", "> room race", "did room race"));
  console.handle(key(sf::Keyboard::Up), target);
  EXPECT_EQ(console.input(), "room race");
  console.handle(key(sf::Keyboard::Up), target);
  EXPECT_EQ(console.input(), "net_graph 1");
  console.handle(key(sf::Keyboard::Down), target);
  console.handle(key(sf::Keyboard::Down), target);
  EXPECT_EQ(console.input(), "");
  EXPECT_TRUE(console.handle(key(sf::Keyboard::F10), target));
  EXPECT_FALSE(console.open());
}

}  // namespace
}  // namespace coyote
