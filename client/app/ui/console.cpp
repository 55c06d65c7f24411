#include "client/app/ui/console.h"

#include <algorithm>

#include "client/app/render/display_text.h"
#include "client/app/render/palette.h"

namespace coyote {

bool isConsoleKey(sf::Keyboard::Key key) {
  return key == sf::Keyboard::Tilde || key == sf::Keyboard::F10;
}

bool Console::handle(const sf::Event& event, ConsoleTarget& target) {
  if (event.type == sf::Event::KeyPressed) {
    if (isConsoleKey(event.key.code)) {
      open_ = !open_;
      return true;
    }
    return open_ && handleKey(event.key.code, target);
  }
  if (event.type == sf::Event::TextEntered && open_) {
    if (event.text.unicode != '`') {  // the key that opened it types one too
      field_.type(event.text.unicode);
    }
    return true;
  }
  return open_ && event.type == sf::Event::KeyReleased;
}

bool Console::handleKey(sf::Keyboard::Key key, ConsoleTarget& target) {
  switch (key) {
    case sf::Keyboard::Enter:
      run(target);
      break;
    case sf::Keyboard::Escape:
      open_ = false;
      break;
    case sf::Keyboard::Backspace:
      field_.erase();
      break;
    case sf::Keyboard::Tab:
      complete();
      break;
    case sf::Keyboard::Up:
      recall(-1);
      break;
    case sf::Keyboard::Down:
      recall(1);
      break;
    default:
      break;
  }
  return true;
}

void Console::print(const std::string& line) {
  lines_.push_back(line);
  while (lines_.size() > kMaxLines) {
    lines_.pop_front();
  }
}

void Console::run(ConsoleTarget& target) {
  const std::string line = field_.text();
  field_.clear();
  if (line.find_first_not_of(' ') == std::string::npos) {
    return;
  }
  print("> " + line);
  if (history_.empty() || history_.back() != line) {
    history_.push_back(line);
    if (history_.size() > kMaxHistory) {
      history_.erase(history_.begin());
    }
  }
  recalled_ = history_.size();
  for (const std::string& reply : runConsoleCommand(line, target)) {
    print(reply);
  }
}

// One choice: taken. Several: listed, and the line grows to what they all start with.
void Console::complete() {
  const std::vector<std::string> choices = completeConsoleCommand(field_.text());
  if (choices.empty()) {
    return;
  }
  std::string common = choices.front();
  for (const std::string& choice : choices) {
    const auto [mismatch, unused] =
        std::mismatch(common.begin(), common.end(), choice.begin(), choice.end());
    common.erase(mismatch, common.end());
  }
  if (choices.size() > 1) {
    std::string list;
    for (const std::string& choice : choices) {
      list += (list.empty() ? "" : "  ") + choice;
    }
    print(list);
  }
  field_.set(common.size() > field_.text().size() ? common : field_.text());
}

void Console::recall(int step) {
  if (history_.empty()) {
    return;
  }
  const auto next = static_cast<long>(recalled_) + step;
  recalled_ = static_cast<std::size_t>(std::clamp(next, 0L, static_cast<long>(history_.size())));
  field_.set(recalled_ == history_.size() ? "" : history_[recalled_]);
}

void Console::draw(sf::RenderTarget& target, const sf::Font& font) const {
  if (!open_) {
    return;
  }
  const sf::Vector2u size = target.getSize();
  const float height = static_cast<float>(size.y) * 0.5f;
  sf::RectangleShape panel({static_cast<float>(size.x), height});
  panel.setFillColor(palette::kConsolePanel);
  target.draw(panel);
  const float lineHeight = static_cast<float>(kTextSize) + 4.0f;
  const std::string typed = "] " + field_.text() + "_";
  sf::Text input(displayText(typed), font, kTextSize);
  input.setFillColor(palette::kConsoleInput);
  input.setPosition(10.0f, height - lineHeight - 6.0f);
  target.draw(input);
  float y = height - 2.0f * lineHeight - 6.0f;
  for (auto line = lines_.rbegin(); line != lines_.rend() && y > 0.0f; ++line) {
    sf::Text text(displayText(*line), font, kTextSize);
    text.setFillColor(palette::kConsoleText);
    text.setPosition(10.0f, y);
    target.draw(text);
    y -= lineHeight;
  }
}

}  // namespace coyote
