// The chat on screen: Enter opens a line, what is typed goes into it, Enter sends it and Escape
// drops it; while typing the game sees no key; Page Up leafs back; lines fade after 10 s.
#include "client/app/ui/chat_box.h"
#include "support/key_events.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

using test::key;

using test::typed;

TEST(ChatBox, EnterOpensALineEnterSendsItEscapeDropsIt) {
  ChatBox chat;
  std::optional<std::string> sent;
  EXPECT_FALSE(chat.handle(key(sf::Keyboard::G), sent)) << "not typing: the game's key";
  EXPECT_FALSE(chat.handle(typed('g'), sent));
  EXPECT_TRUE(chat.handle(key(sf::Keyboard::Enter), sent));
  EXPECT_TRUE(chat.typing());
  EXPECT_TRUE(chat.handle(typed('\r'), sent)) << "Enter's own character is not typed";
  for (const std::uint32_t c : {U'h', U'i', U'!', U'x'}) {
    EXPECT_TRUE(chat.handle(typed(c), sent));
  }
  EXPECT_TRUE(chat.handle(key(sf::Keyboard::G), sent)) << "typing: every key is the chat's";
  EXPECT_TRUE(chat.handle(key(sf::Keyboard::BackSpace), sent));
  EXPECT_FALSE(sent);
  EXPECT_TRUE(chat.handle(key(sf::Keyboard::Enter), sent));
  ASSERT_TRUE(sent);
  EXPECT_EQ(*sent, "hi!");
  EXPECT_FALSE(chat.typing());

  sent.reset();
  chat.handle(key(sf::Keyboard::Enter), sent);
  chat.handle(typed('n'), sent);
  chat.handle(key(sf::Keyboard::Escape), sent);
  EXPECT_FALSE(chat.typing());
  EXPECT_FALSE(sent);
  chat.handle(key(sf::Keyboard::Enter), sent);
  chat.handle(key(sf::Keyboard::Enter), sent);
  EXPECT_FALSE(sent) << "an empty line is not sent";
}

TEST(ChatBox, PageUpLeafsBackAndPageDownReturns) {
  ChatBox chat;
  std::optional<std::string> sent;
  EXPECT_TRUE(chat.handle(key(sf::Keyboard::PageUp), sent));
  EXPECT_EQ(chat.scrolled(), ChatBox::kVisibleLines);
  chat.handle(key(sf::Keyboard::PageUp), sent);
  EXPECT_EQ(chat.scrolled(), 2 * ChatBox::kVisibleLines);
  chat.handle(key(sf::Keyboard::PageDown), sent);
  chat.handle(key(sf::Keyboard::PageDown), sent);
  chat.handle(key(sf::Keyboard::PageDown), sent);
  EXPECT_EQ(chat.scrolled(), 0);
  for (int i = 0; i < 100; ++i) {
    chat.handle(key(sf::Keyboard::PageUp), sent);
  }
  EXPECT_EQ(chat.scrolled(), static_cast<int>(ChatLog::kCapacity) - ChatBox::kVisibleLines);
}

TEST(ChatBox, ALineFadesOverItsTenthSecond) {
  EXPECT_EQ(chatLineAlpha(0.0), 255);
  EXPECT_EQ(chatLineAlpha(8.99), 255);
  EXPECT_EQ(chatLineAlpha(9.5), 127);
  EXPECT_EQ(chatLineAlpha(10.0), 0);
  EXPECT_EQ(chatLineAlpha(60.0), 0);
}

}  // namespace
}  // namespace coyote
