#include "client/app/hud/scoreboard.h"

#include <algorithm>

#include <fmt/format.h>

#include "client/app/render/display_text.h"
#include "client/app/render/palette.h"
#include "client/core/race_text.h"
#include "match/race_time.h"

namespace coyote {
namespace {

constexpr unsigned kTextSize = 16;
constexpr float kRowHeight = 22.0f;
constexpr float kPanelWidth = 640.0f;
const std::vector<float> kRoomColumns{200.0f, 220.0f, 100.0f, 100.0f};
const std::vector<float> kBoardColumns{50.0f, 200.0f, 120.0f};

/// What a player calls the level: the race's name, else its file's ("arena.tmj" is "Arena").
std::string levelTitle(const Level& level) {
  if (level.race.present) {
    return level.race.name;
  }
  std::string title = level.name.substr(level.name.find_last_of("/\\") + 1);
  title = title.substr(0, title.rfind('.'));
  std::replace(title.begin(), title.end(), '_', ' ');
  if (!title.empty() && title[0] >= 'a' && title[0] <= 'z') {
    title[0] = static_cast<char>(title[0] - 'a' + 'A');
  }
  return title;
}

}  // namespace

float Scoreboard::drawRow(sf::RenderTarget& window, const sf::Font& font,
                          const std::vector<std::string>& cells, const std::vector<float>& widths,
                          float x, float y, sf::Color colour) {
  for (std::size_t i = 0; i < cells.size() && i < widths.size(); ++i) {
    sf::Text text(displayText(cells[i]), font, kTextSize);
    text.setFillColor(colour);
    text.setPosition(x, y);
    window.draw(text);
    x += widths[i];
  }
  return y + kRowHeight;
}

void Scoreboard::draw(sf::RenderTarget& window, const sf::Font& font, const WorldState& state,
                      const RaceProgress& progress, const std::function<std::string(int)>& nameOf,
                      const net::RaceBoard* board, bool spectating) const {
  const std::vector<ScoreRow> rows = scoreRows(state, progress, nameOf, level_.race.laps);
  const std::size_t boardRows = board != nullptr ? board->top.size() + (spectating ? 2 : 3) : 0;
  const float height = kRowHeight * static_cast<float>(rows.size() + boardRows + 2) + 16.0f;
  const float x = std::round((static_cast<float>(window.getSize().x) - kPanelWidth) * 0.5f);
  float y = 80.0f;
  sf::RectangleShape panel({kPanelWidth, height});
  panel.setPosition(x, y);
  panel.setFillColor(palette::kScoreboardPanel);
  window.draw(panel);
  y += 8.0f;
  const float left = x + 16.0f;
  y = drawRow(window, font, {levelTitle(level_)}, {kPanelWidth}, left, y, palette::kRaceTimer);
  // A level without a race has no runs to time: the room's players alone.
  const bool race = level_.race.present;
  y = drawRow(window, font,
              race ? std::vector<std::string>{"player", "run", "last", "best"}
                   : std::vector<std::string>{fmt::format("{} player{} here", rows.size(),
                                                          rows.size() == 1 ? "" : "s")},
              race ? kRoomColumns : std::vector<float>{kPanelWidth}, left, y, palette::kRaceHint);
  for (const ScoreRow& row : rows) {
    y = drawRow(window, font,
                race ? std::vector<std::string>{row.name, row.progress, row.last, row.best}
                     : std::vector<std::string>{row.name},
                kRoomColumns, left, y, sf::Color::White);
  }
  if (board != nullptr) {
    drawBoard(window, font, *board, left, y + kRowHeight * 0.5f, spectating);
  }
}

float Scoreboard::drawBoard(sf::RenderTarget& window, const sf::Font& font,
                            const net::RaceBoard& board, float x, float y, bool spectating) const {
  y = drawRow(window, font, {"The level's top 10"}, {kPanelWidth}, x, y, palette::kRaceTimer);
  std::int64_t rank = 0;
  for (const net::RaceBoard::Row& row : board.top) {
    ++rank;
    const sf::Color colour = rank == 1 ? palette::kRaceRecord : sf::Color::White;
    y = drawRow(window, font, {ordinal(rank), row.player, formatRaceTime(row.timeUs)},
                kBoardColumns, x, y, colour);
  }
  if (board.top.empty()) {
    y = drawRow(window, font, {"no time yet: be the first"}, {kPanelWidth}, x, y,
                palette::kRaceHint);
  }
  if (spectating) {
    return y;  // a spectator has no times of its own
  }
  const std::string best =
      board.bestUs > 0
          ? fmt::format("your best {} ({})", formatRaceTime(board.bestUs), ordinal(board.bestRank))
          : "your best: none yet";
  return drawRow(window, font, {best}, {kPanelWidth}, x, y, palette::kRaceAhead);
}

}  // namespace coyote
