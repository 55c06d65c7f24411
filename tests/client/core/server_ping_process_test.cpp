// The server browser's ping (client/core/reply_catcher.h) against a real coyote-server on
// loopback while the window draws slow frames: the network's round trip, not the frame's.
#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "client/core/server_query.h"
#include "support/coyote_processes.h"

namespace coyote {
namespace {

// A frame every 150 ms (a busy machine, a slow GPU): a reply read at the next frame would count
// 150 ms, one read in the same frame 0 ms; the browser showed both on loopback, where F3's
// round trip was 9 ms.
TEST(ServerPing, IsTheNetworksRoundTripWhateverTheFramesTake) {
  test::TempDirectory directory;
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string());
  for (int attempt = 0; attempt < 3; ++attempt) {
    ServerQuery query({{"127.0.0.1", static_cast<std::uint16_t>(server.port)}}, {});
    double now = 0.0;
    for (int frame = 0; frame < 20 && query.servers().empty(); ++frame) {
      query.update(now += 0.15);
      std::this_thread::sleep_for(std::chrono::milliseconds(150));
    }
    query.update(now += 0.15);
    ASSERT_EQ(query.servers().size(), 1u);
    const double ping = query.servers().front().pingMs;
    std::printf("figure: ping on loopback with 150 ms frames: %.2f ms\n", ping);
    EXPECT_GT(ping, 0.0);
    EXPECT_LT(ping, 60.0) << "the server's tick at most, not the frame";
  }
}

}  // namespace
}  // namespace coyote
