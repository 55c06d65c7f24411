// The menus' list (docs/playing.md#menus): a list longer than the page scrolls to keep the
// selection in sight, by keys, the wheel and the mouse.
#include "client/app/menu/menu_list.h"
#include "support/key_events.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

MenuList listOf(int rows) {
  std::vector<MenuItem> items;
  for (int i = 0; i < rows; ++i) {
    items.push_back({"server " + std::to_string(i)});
  }
  MenuList list;
  list.setItems(std::move(items));
  return list;
}

using test::key;

sf::Event wheel(float delta) {
  sf::Event event{};
  event.type = sf::Event::MouseWheelScrolled;
  event.mouseWheelScroll.delta = delta;
  return event;
}

/// A click at page point (x, y) in a window the size of the page.
sf::Event click(float x, float y) {
  sf::Event event{};
  event.type = sf::Event::MouseButtonPressed;
  event.mouseButton.x = static_cast<int>(x);
  event.mouseButton.y = static_cast<int>(y);
  return event;
}

const sf::Vector2u kWindow{static_cast<unsigned>(MenuList::kPageWidth),
                           static_cast<unsigned>(MenuList::kPageHeight)};

TEST(MenuList, AShortListNeverScrolls) {
  MenuList list = listOf(5);
  list.handle(key(sf::Keyboard::End), kWindow);
  EXPECT_EQ(list.selected(), 4);
  EXPECT_EQ(list.firstShown(), 0);
}

TEST(MenuList, KeysScrollALongListToKeepTheSelectionInSight) {
  MenuList list = listOf(50);
  for (int i = 0; i < MenuList::kVisibleRows; ++i) {
    list.handle(key(sf::Keyboard::Down), kWindow);
  }
  EXPECT_EQ(list.selected(), MenuList::kVisibleRows);
  EXPECT_EQ(list.firstShown(), 1) << "one row past the page: scrolled by one";
  list.handle(key(sf::Keyboard::PageDown), kWindow);
  EXPECT_EQ(list.selected(), 2 * MenuList::kVisibleRows);
  EXPECT_EQ(list.firstShown(), MenuList::kVisibleRows + 1);
  list.handle(key(sf::Keyboard::End), kWindow);
  EXPECT_EQ(list.selected(), 49);
  EXPECT_EQ(list.firstShown(), 50 - MenuList::kVisibleRows);
  list.handle(key(sf::Keyboard::Down), kWindow);  // wraps to the top
  EXPECT_EQ(list.selected(), 0);
  EXPECT_EQ(list.firstShown(), 0);
  list.handle(key(sf::Keyboard::PageUp), kWindow);
  EXPECT_EQ(list.selected(), 0) << "clamped";
}

TEST(MenuList, TheWheelScrollsAndAClickPicksTheRowShownThere) {
  MenuList list = listOf(50);
  list.handle(wheel(-1.0f), kWindow);  // down three rows
  list.handle(wheel(-1.0f), kWindow);
  EXPECT_EQ(list.firstShown(), 6);
  EXPECT_EQ(list.selected(), 6) << "the selection follows into sight";
  const float thirdRow = MenuList::kTop + MenuList::kRowHeight * 2.5f;
  EXPECT_EQ(list.handle(click(MenuList::kPageWidth * 0.5f, thirdRow), kWindow),
            MenuList::Action::Activate);
  EXPECT_EQ(list.selected(), 8);
  const float belowTheRows =
      MenuList::kTop + MenuList::kRowHeight * (MenuList::kVisibleRows + 0.5f);
  EXPECT_EQ(list.handle(click(MenuList::kPageWidth * 0.5f, belowTheRows), kWindow),
            MenuList::Action::None)
      << "a row not shown cannot be clicked";
  for (int i = 0; i < 30; ++i) {
    list.handle(wheel(-1.0f), kWindow);
  }
  EXPECT_EQ(list.firstShown(), 50 - MenuList::kVisibleRows) << "no further than the last page";
  list.handle(wheel(1.0f), kWindow);
  EXPECT_EQ(list.firstShown(), 50 - MenuList::kVisibleRows - 3);
}

TEST(MenuList, NewItemsKeepTheSelectionInRange) {
  MenuList list = listOf(50);
  list.handle(key(sf::Keyboard::End), kWindow);
  list.setItems({{"only one"}});
  EXPECT_EQ(list.selected(), 0);
  EXPECT_EQ(list.firstShown(), 0);
}

}  // namespace
}  // namespace coyote
