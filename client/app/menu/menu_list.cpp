#include "client/app/menu/menu_list.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "client/app/render/display_text.h"
#include "client/app/render/palette.h"

namespace coyote {
namespace {

constexpr float kStickThreshold = 50.0f;  ///< of SFML's ±100

}  // namespace

void drawMenuText(sf::RenderTarget& target, const sf::Font& font, const std::string& text,
                  unsigned size, sf::Vector2f at, sf::Color colour, bool centred) {
  sf::Text shown(displayText(text), font, size);
  shown.setFillColor(colour);
  shown.setOutlineColor(sf::Color::Black);
  shown.setOutlineThickness(2.0f);
  if (centred) {
    at.x -= std::round(shown.getLocalBounds().width * 0.5f);
  }
  shown.setPosition(std::round(at.x), std::round(at.y));
  target.draw(shown);
}

namespace {

// What fits `width` of `text` at `size`: all of it, or its end after "...", cut at whole
// characters, so that a long path shows its file and stays inside its row.
std::string fittedText(const sf::Font& font, const std::string& text, unsigned size, float width) {
  sf::Text measured(displayText(text), font, size);
  if (measured.getLocalBounds().width <= width) {
    return text;
  }
  std::size_t from = 0;
  while (from < text.size()) {
    do {
      ++from;  // to the next character's first byte
    } while (from < text.size() && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80);
    measured.setString(displayText("..." + text.substr(from)));
    if (measured.getLocalBounds().width <= width) {
      break;
    }
  }
  return "..." + text.substr(from);
}

}  // namespace

sf::View menuPage() {
  return sf::View(sf::FloatRect(0.0f, 0.0f, MenuList::kPageWidth, MenuList::kPageHeight));
}

void MenuList::setItems(std::vector<MenuItem> items) {
  items_ = std::move(items);
  select(selected_);
}

void MenuList::select(int index) {
  const int count = static_cast<int>(items_.size());
  selected_ = count == 0 ? 0 : std::clamp(index, 0, count - 1);
  first_ = std::clamp(first_, std::max(0, selected_ - kVisibleRows + 1), selected_);
  first_ = std::clamp(first_, 0, std::max(0, count - kVisibleRows));
}

void MenuList::scroll(int rows) {
  const int count = static_cast<int>(items_.size());
  first_ = std::clamp(first_ + rows, 0, std::max(0, count - kVisibleRows));
  select(std::clamp(selected_, first_, first_ + kVisibleRows - 1));
}

MenuList::Action MenuList::handleKey(sf::Keyboard::Key key) {
  const int count = std::max(static_cast<int>(items_.size()), 1);
  switch (key) {
    case sf::Keyboard::Up:
      select((selected_ + count - 1) % count);
      return Action::None;
    case sf::Keyboard::Down:
      select((selected_ + 1) % count);
      return Action::None;
    case sf::Keyboard::PageUp:
      select(selected_ - kVisibleRows);
      return Action::None;
    case sf::Keyboard::PageDown:
      select(selected_ + kVisibleRows);
      return Action::None;
    case sf::Keyboard::Home:
      select(0);
      return Action::None;
    case sf::Keyboard::End:
      select(count - 1);
      return Action::None;
    case sf::Keyboard::Enter:
      return Action::Activate;
    case sf::Keyboard::Escape:
      return Action::Back;
    case sf::Keyboard::Left:
      return Action::Left;
    case sf::Keyboard::Right:
      return Action::Right;
    default:
      return Action::None;
  }
}

MenuList::Action MenuList::handle(const sf::Event& event, sf::Vector2u windowSize) {
  if (event.type == sf::Event::KeyPressed) {
    return handleKey(event.key.code);
  }
  if (event.type == sf::Event::MouseWheelScrolled) {
    scroll(event.mouseWheelScroll.delta > 0.0f ? -3 : 3);  // wheel up: earlier rows
    return Action::None;
  }
  if (event.type == sf::Event::MouseMoved || event.type == sf::Event::MouseButtonPressed) {
    const bool moved = event.type == sf::Event::MouseMoved;
    const float x = static_cast<float>(moved ? event.mouseMove.x : event.mouseButton.x);
    const float y = static_cast<float>(moved ? event.mouseMove.y : event.mouseButton.y);
    const int row = rowAt(x * kPageWidth / static_cast<float>(std::max(windowSize.x, 1u)),
                          y * kPageHeight / static_cast<float>(std::max(windowSize.y, 1u)));
    if (row >= 0) {
      select(row);
      return moved ? Action::None : Action::Activate;
    }
    return Action::None;
  }
  return handleJoystick(event);
}

MenuList::Action MenuList::handleJoystick(const sf::Event& event) {
  if (event.type == sf::Event::JoystickButtonPressed) {
    return event.joystickButton.button == 0   ? Action::Activate
           : event.joystickButton.button == 1 ? Action::Back
                                              : Action::None;
  }
  if (event.type != sf::Event::JoystickMoved) {
    return Action::None;
  }
  const sf::Joystick::Axis axis = event.joystickMove.axis;
  const float position = event.joystickMove.position;
  const bool vertical = axis == sf::Joystick::Y || axis == sf::Joystick::PovY;
  const bool horizontal = axis == sf::Joystick::X || axis == sf::Joystick::PovX;
  if (!vertical && !horizontal) {
    return Action::None;
  }
  if (std::abs(position) < kStickThreshold) {
    stickCentred_ = true;
    return Action::None;
  }
  if (!stickCentred_) {
    return Action::None;
  }
  stickCentred_ = false;
  // SFML's PovY is up-positive where the stick's Y is down-positive.
  const bool down = axis == sf::Joystick::PovY ? position < 0.0f : position > 0.0f;
  if (vertical) {
    const int count = std::max(static_cast<int>(items_.size()), 1);
    select((selected_ + (down ? 1 : count - 1)) % count);
    return Action::None;
  }
  return position > 0.0f ? Action::Right : Action::Left;
}

int MenuList::rowAt(float x, float y) const {
  const float width = kPageWidth;
  if (x < width * 0.2f || x > width * 0.8f || y < kTop) {
    return -1;
  }
  const int shown = static_cast<int>((y - kTop) / kRowHeight);
  const int row = first_ + shown;
  return shown < kVisibleRows && row < static_cast<int>(items_.size()) ? row : -1;
}

void MenuList::draw(sf::RenderTarget& target, const sf::Font& font,
                    const std::string& title) const {
  const float width = kPageWidth;
  drawMenuText(target, font, title, 48, {width * 0.5f, 96.0f}, palette::kLocalPlayer, true);
  const int count = static_cast<int>(items_.size());
  const int last = std::min(count, first_ + kVisibleRows);
  // Just above and below the rows, inside the panel behind them: how many are out of sight.
  if (first_ > 0) {
    drawMenuText(target, font, fmt::format("^ {} more", first_), 18, {width * 0.5f, kTop - 23.0f},
                 palette::kMenuText, true);
  }
  if (last < count) {
    drawMenuText(target, font, fmt::format("v {} more", count - last), 18,
                 {width * 0.5f, kTop + kRowHeight * kVisibleRows - 2.0f}, palette::kMenuText, true);
  }
  for (int i = first_; i < last; ++i) {
    const auto index = static_cast<std::size_t>(i);
    const bool chosen = i == selected_;
    const float y = kTop + kRowHeight * static_cast<float>(i - first_);
    if (chosen) {
      sf::RectangleShape bar({width * 0.6f, kRowHeight - 4.0f});
      bar.setPosition(width * 0.2f, y);
      bar.setFillColor(palette::kMenuSelection);
      target.draw(bar);
    }
    const sf::Color colour = chosen ? palette::kLocalPlayer : palette::kMenuText;
    drawMenuText(target, font, (chosen ? "> " : "  ") + items_[index].label, kTextSize,
                 {width * 0.2f + 12.0f, y + 2.0f}, colour);
    if (!items_[index].value.empty()) {
      drawMenuText(target, font, fittedText(font, items_[index].value, kTextSize, width * 0.27f),
                   kTextSize, {width * 0.52f, y + 2.0f}, items_[index].valueColour);
    }
  }
}

}  // namespace coyote
