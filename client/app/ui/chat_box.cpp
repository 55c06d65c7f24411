#include "client/app/ui/chat_box.h"

#include <algorithm>

#include "client/app/render/display_text.h"
#include "client/app/render/palette.h"

namespace coyote {
namespace {

sf::Color kindColour(net::ChatKind kind) {
  switch (kind) {
    case net::ChatKind::Server:
      return palette::kChatServer;
    case net::ChatKind::Notice:
      return palette::kChatNotice;
    default:
      return palette::kChatPlayer;
  }
}

sf::Text chatText(const std::string& text, const sf::Font& font, sf::Color colour) {
  sf::Text line(displayText(text), font, ChatBox::kTextSize);
  line.setFillColor(colour);
  line.setOutlineColor(sf::Color(0, 0, 0, colour.a));
  line.setOutlineThickness(1.5f);
  return line;
}

}  // namespace

std::uint8_t chatLineAlpha(double age) {
  if (age >= ChatBox::kFadeSeconds) {
    return 0;
  }
  const double left = std::clamp(ChatBox::kFadeSeconds - age, 0.0, 1.0);
  return static_cast<std::uint8_t>(255.0 * left);
}

bool ChatBox::handle(const sf::Event& event, std::optional<std::string>& send) {
  if (event.type == sf::Event::KeyPressed) {
    return handleKey(event.key.code, send);
  }
  if (event.type == sf::Event::TextEntered && typing_) {
    field_.type(event.text.unicode);
    return true;
  }
  return typing_ && event.type == sf::Event::KeyReleased;
}

bool ChatBox::handleKey(sf::Keyboard::Key key, std::optional<std::string>& send) {
  if (key == sf::Keyboard::PageUp || key == sf::Keyboard::PageDown) {
    scroll_ = std::clamp(scroll_ + (key == sf::Keyboard::PageUp ? kVisibleLines : -kVisibleLines),
                         0, static_cast<int>(ChatLog::kCapacity) - kVisibleLines);
    return true;
  }
  if (!typing_) {
    typing_ = key == sf::Keyboard::Enter;
    return typing_;
  }
  if (key == sf::Keyboard::Enter) {
    if (!field_.text().empty()) {
      send = field_.text();
    }
    field_.clear();
    typing_ = false;
    scroll_ = 0;
  } else if (key == sf::Keyboard::Escape) {
    field_.clear();
    typing_ = false;
    scroll_ = 0;
  } else if (key == sf::Keyboard::Backspace) {
    field_.erase();
  }
  return true;  // while typing, every key is the chat's
}

void ChatBox::refuse(const std::string& why, double now) {
  refusal_ = why;
  refusedAt_ = now;
}

// From the bottom up: the line being typed, a refusal, then the log's lines newest first. While
// typing or leafing back, lines do not fade and a panel shows the box.
void ChatBox::draw(sf::RenderTarget& target, const sf::Font& font, const ChatLog& log,
                   double now) const {
  const bool open = typing_ || scroll_ > 0;
  const float lineHeight = static_cast<float>(kTextSize) + 4.0f;
  const float left = 12.0f;
  float y = static_cast<float>(target.getSize().y) - 40.0f - lineHeight;
  if (open) {
    sf::RectangleShape panel({target.getSize().x * 0.55f, lineHeight * (kVisibleLines + 1) + 8.0f});
    panel.setPosition(left - 6.0f, y - lineHeight * kVisibleLines - 4.0f);
    panel.setFillColor(palette::kChatPanel);
    target.draw(panel);
    sf::Text line =
        chatText("say: " + field_.text() + (typing_ ? "_" : ""), font, palette::kChatPlayer);
    line.setPosition(left, y);
    target.draw(line);
    y -= lineHeight;
  }
  if (now - refusedAt_ < kFadeSeconds) {
    sf::Text line = chatText(refusal_, font, palette::kChatNotice);
    line.setPosition(left, y);
    target.draw(line);
    y -= lineHeight;
  }
  const auto& lines = log.lines();
  const int newest = static_cast<int>(lines.size()) - 1 - (open ? scroll_ : 0);
  for (int i = newest, shown = 0; i >= 0 && shown < kVisibleLines; --i, ++shown) {
    const ChatEntry& entry = lines[static_cast<std::size_t>(i)];
    sf::Color colour = kindColour(entry.kind);
    colour.a = open ? 255 : chatLineAlpha(now - entry.receivedAt);
    if (colour.a == 0) {
      break;  // older lines have faded too
    }
    sf::Text line =
        chatText(entry.name.empty() ? entry.text : entry.name + ": " + entry.text, font, colour);
    line.setPosition(left, y);
    target.draw(line);
    y -= lineHeight;
  }
}

}  // namespace coyote
