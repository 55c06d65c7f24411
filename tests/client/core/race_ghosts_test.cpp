// Which ghosts the client asks for (docs/playing.md#ghosts), and what it keeps of the answers.
#include "client/core/race_ghosts.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>

#include "replay/ghost.h"

namespace coyote {
namespace {

TEST(RaceGhosts, ABoardAsksOnlyForGhostsOfRunsNotAskedBefore) {
  RaceGhosts ghosts;
  net::RaceBoard board;
  EXPECT_TRUE(ghosts.wanted(board).empty()) << "an empty board: nothing to ask";
  board.top = {{"ada", 30'000'000}};
  board.bestUs = 31'000'000;
  auto requests = ghosts.wanted(board);
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[0].which, net::GhostOf::PersonalBest);
  EXPECT_EQ(requests[1].which, net::GhostOf::Record);
  EXPECT_TRUE(ghosts.wanted(board).empty()) << "the same board again";
  board.bestUs = 30'500'000;  // a new best, the same record
  requests = ghosts.wanted(board);
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].which, net::GhostOf::PersonalBest);
  board.top = {{"bob", 30'000'000}};  // the same time, another holder
  EXPECT_EQ(ghosts.wanted(board).size(), 1u);
}

TEST(RaceGhosts, AGhostThatDoesNotDecodeIsDroppedAndSaid) {
  std::ostringstream lines;
  spdlog::logger log("test", std::make_shared<spdlog::sinks::ostream_sink_mt>(lines));
  RaceGhosts ghosts;
  GhostWriter writer;
  writer.add({1.0f, 2.0f});
  writer.add({1.5f, 2.0f});
  ghosts.receive({net::GhostOf::Record, "ada", 1'000'000, writer.finish()}, log);
  ASSERT_TRUE(ghosts.record());
  EXPECT_EQ(ghosts.record()->player, "ada");
  EXPECT_EQ(ghosts.record()->positions.size(), 2u);
  EXPECT_FALSE(ghosts.best());
  ghosts.receive({net::GhostOf::Record, "ada", 1'000'000, "not a ghost"}, log);
  EXPECT_FALSE(ghosts.record());
  log.flush();
  EXPECT_NE(lines.str().find("a ghost from the server was refused"), std::string::npos);
  ghosts.receive({net::GhostOf::PersonalBest, "", 0, ""}, log);
  EXPECT_FALSE(ghosts.best()) << "none on the server";
}

}  // namespace
}  // namespace coyote
