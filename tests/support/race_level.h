#pragma once

// A small race level, scripted runners and a JSON fetch, for the records' process tests.

#include <string>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "level/json_node.h"  // Json, the one alias of nlohmann::json
#include "support/temp_file.h"

namespace coyote::test {

/// A 40 × 6 hall: the start around the spawn (x 0–3), the finish at x 30–31, a checkpoint at 15.
inline std::string raceLevel(const test::TempDirectory& directory) {
  constexpr int kWidth = 40;
  constexpr int kHeight = 6;
  Json data = Json::array();
  for (int i = 0; i < kWidth * kHeight; ++i) {
    const int x = i % kWidth;
    data.push_back(i >= kWidth * (kHeight - 1) || x == 0 || x == kWidth - 1 ? 1 : 0);
  }
  const auto rectangle = [](const char* type, int x, int width) {
    return Json{{"type", type}, {"x", x * 16}, {"y", 16}, {"width", width * 16}, {"height", 64}};
  };
  Json checkpoint = rectangle("checkpoint", 15, 1);
  checkpoint["properties"] = Json::array({Json{{"name", "order"}, {"type", "int"}, {"value", 1}}});
  const Json objects =
      Json::array({Json{{"type", "spawn"}, {"x", 32}, {"y", 64}}, rectangle("start", 1, 3),
                   checkpoint, rectangle("finish", 30, 1)});
  const Json map{
      {"width", kWidth},
      {"height", kHeight},
      {"tilewidth", 16},
      {"tileheight", 16},
      {"properties",
       Json::array({Json{{"name", "race_name"}, {"type", "string"}, {"value", "Hall Dash"}}})},
      {"tilesets",
       Json::array(
           {Json{{"firstgid", 1}, {"tiles", Json::array({Json{{"id", 0}, {"type", "solid"}}})}}})},
      {"layers",
       Json::array({Json{{"name", "collision"},
                         {"type", "tilelayer"},
                         {"width", kWidth},
                         {"height", kHeight},
                         {"data", data}},
                    Json{{"name", "entities"}, {"type", "objectgroup"}, {"objects", objects}}})}};
  return directory.write("hall.tmj", map.dump());
}

/// Holds right, each bot from a different tick (so that their times differ by whole ticks).
inline std::string holdRightScript(const test::TempDirectory& directory, int bots) {
  std::string script;
  for (int tick = 0; tick < 600; ++tick) {
    for (int bot = 0; bot < bots; ++bot) {
      script += (bot > 0 ? "; " : "") + std::string(tick >= 60 + 7 * bot ? "127 0 -" : "0 0 -");
    }
    script += "\n";
  }
  return directory.write("right.txt", script);
}

inline Json getJson(int port, const std::string& path) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(5, 0);
  const auto answer = client.Get(path);
  if (!answer || answer->status != 200) {
    return Json::object();
  }
  return Json::parse(answer->body);
}

}  // namespace coyote::test
