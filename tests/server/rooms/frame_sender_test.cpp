// What a room sends each client, without a socket: its unacknowledged ticks as one ServerFrames
// on the unreliable channel, and the whole state, reliably, once it stops acknowledging.
#include "server/rooms/frame_sender.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/socketless_room.h"

namespace coyote::test {
namespace {

using ::testing::IsEmpty;
using ::testing::SizeIs;

struct FramesTest {
  SocketlessRoom main;
  RecordingOutbox outbox{false};
  StepProfile profile;

  /// A player that has its Welcome at `now`, its frames due every tick.
  Connection& welcomed(const std::string& name, double now) {
    Connection& connection = main.join(name);
    net::Hello hello;
    hello.name = name;
    main.room.welcome(connection, hello, 0, now);
    return connection;
  }
  void runTicks(int ticks, double now) {
    for (int i = 0; i < ticks; ++i) {
      main.room.runTick(now, profile);
    }
  }
};

TEST(FrameSender, ATicksFramesGoOutOnceUnreliablyFromTheClientsAcknowledgement) {
  FramesTest test;
  Connection& ada = test.welcomed("ada", 1.0);
  const std::uint32_t welcomedAt = ada.sync.ackTick;
  test.runTicks(5, 1.05);
  test.main.room.sendFramesTo(test.outbox, ada, 1, 1.1);
  const auto frames = test.outbox.sentTo<net::ServerFrames>(ada);
  ASSERT_THAT(frames, SizeIs(1));
  EXPECT_EQ(frames[0].first, net::kUnreliableChannel);
  EXPECT_EQ(frames[0].second.serverTick, welcomedAt + 5);
  EXPECT_THAT(frames[0].second.frames, SizeIs(5));
  EXPECT_EQ(frames[0].second.baseTick(), welcomedAt);
  EXPECT_THAT(test.outbox.sentTo<net::FullState>(ada), IsEmpty());
}

TEST(FrameSender, AClientThatStopsAcknowledgingGetsTheWholeStateReliablyInstead) {
  FramesTest test;
  Connection& ada = test.welcomed("ada", 1.0);
  test.runTicks(3, 1.05);
  test.main.room.sendFramesTo(test.outbox, ada, 1, 2.5);  // 1.5 s without an acknowledgement
  EXPECT_THAT(test.outbox.sentTo<net::ServerFrames>(ada), IsEmpty());
  const auto full = test.outbox.sentTo<net::FullState>(ada);
  ASSERT_THAT(full, SizeIs(1));
  EXPECT_EQ(full[0].first, net::kReliableChannel);
  EXPECT_EQ(full[0].second.snapshot.state.tick, test.main.room.tick());
  EXPECT_EQ(ada.sync.stalledFullStates, 1);
}

}  // namespace
}  // namespace coyote::test
