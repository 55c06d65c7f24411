#include "client/app/hud/race_hud.h"

#include <cmath>

#include <fmt/format.h>

#include "client/app/render/display_text.h"
#include "client/app/render/palette.h"
#include "client/core/race_text.h"

namespace coyote {
namespace {

constexpr float kTimerY = 8.0f;
constexpr float kLineY = 44.0f;

sf::Color deltaColour(std::int64_t deltaUs) {
  return deltaUs < 0   ? palette::kRaceAhead
         : deltaUs > 0 ? palette::kRaceBehind
                       : palette::kRaceHint;
}

}  // namespace

std::optional<double> runSeconds(const Character& current, float alpha, std::int32_t tickRate) {
  if (current.runTicks < 0 || tickRate <= 0) {
    return std::nullopt;
  }
  return (static_cast<double>(current.runTicks) + static_cast<double>(alpha) -
          static_cast<double>(current.runStartFraction)) /
         static_cast<double>(tickRate);
}

void RaceHud::drawLine(sf::RenderTarget& window, const sf::Font& font,
                       const std::vector<std::pair<std::string, sf::Color>>& pieces, float y,
                       unsigned size) {
  std::vector<sf::Text> texts;
  float width = 0.0f;
  for (const auto& [text, colour] : pieces) {
    sf::Text piece(displayText(text), font, size);
    piece.setFillColor(colour);
    piece.setOutlineColor(sf::Color::Black);
    piece.setOutlineThickness(2.0f);
    width += piece.getLocalBounds().width + static_cast<float>(size) * 0.5f;
    texts.push_back(piece);
  }
  float x = std::round((static_cast<float>(window.getSize().x) - width) * 0.5f);
  for (sf::Text& text : texts) {
    text.setPosition(x, y);
    window.draw(text);
    x += text.getLocalBounds().width + static_cast<float>(size) * 0.5f;
  }
}

void RaceHud::draw(sf::RenderTarget& window, const sf::Font& font, const RaceFrame& frame) const {
  if (!level_.race.present) {
    return;
  }
  if (frame.local == nullptr) {  // a spectator runs nothing: the race's name, no racer's banners
    drawLine(window, font, {{fmt::format("{} — watching", level_.race.name), palette::kRaceHint}},
             kTimerY, 16);
    return;
  }
  const std::optional<double> time = runSeconds(*frame.local, frame.alpha, frame.tickRate);
  const std::string text =
      time ? formatRaceSeconds(*time) : fmt::format("{} — leave the start", level_.race.name);
  drawLine(window, font, {{text, time ? palette::kRaceTimer : palette::kRaceHint}}, kTimerY,
           time ? 28 : 16);
  if (frame.progress == nullptr) {
    return;
  }
  if (const auto results = shownResults(*frame.progress, frame.localSlot, frame.board,
                                        frame.shownTick, frame.tickRate)) {
    const sf::Color colour = results->record         ? palette::kRaceRecord
                             : results->personalBest ? palette::kRaceAhead
                                                     : palette::kRaceHint;
    drawLine(window, font, {{results->text, colour}}, kLineY, 18);
  } else if (frame.local != nullptr) {
    drawSplit(window, font, frame);
  }
}

void RaceHud::drawSplit(sf::RenderTarget& window, const sf::Font& font,
                        const RaceFrame& frame) const {
  const auto split =
      shownSplit(*frame.progress, *frame.local, frame.board, frame.shownTick, frame.tickRate);
  if (!split) {
    return;
  }
  std::vector<std::pair<std::string, sf::Color>> pieces{
      {fmt::format("checkpoint {} {}", split->place + 1, formatRaceTime(split->timeUs)),
       palette::kRaceHint}};
  if (split->versusBestUs) {
    pieces.emplace_back(deltaText(*split->versusBestUs) + " best",
                        deltaColour(*split->versusBestUs));
  }
  if (split->versusRecordUs) {
    pieces.emplace_back(deltaText(*split->versusRecordUs) + " record",
                        deltaColour(*split->versusRecordUs));
  }
  drawLine(window, font, pieces, kLineY, 18);
}

}  // namespace coyote
