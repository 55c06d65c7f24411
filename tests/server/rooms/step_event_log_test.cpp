#include <gtest/gtest.h>
#include <spdlog/sinks/ringbuffer_sink.h>

#include "server/rooms/step_event_log.h"

namespace coyote {
namespace {

struct LoggedBatches {
  std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt> sink =
      std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(100);
  spdlog::logger log{"captured", sink};
  ServerMetrics metrics;
  StepEventLog events;

  /// Observes one batch at `now` holding `count` events of `kind` about `body`; the lines logged.
  std::size_t observe(double now, BodyId body, EventKind kind, int count = 1) {
    EventBatch batch;
    batch.start(1, 2);
    for (int i = 0; i < count; ++i) {
      batch.emit(body, kind, 250.0f);
    }
    const std::size_t before = sink->last_formatted().size();
    events.observe(batch, now, metrics, log);
    return sink->last_formatted().size() - before;
  }
};

TEST(StepEventLog, AClampedBodyIsCountedEachTimeButLoggedOnceAMinute) {
  LoggedBatches logged;
  EXPECT_EQ(logged.observe(0.0, 40, EventKind::VelocityClamped), 1u);
  EXPECT_EQ(logged.observe(30.0, 40, EventKind::VelocityClamped), 0u);
  EXPECT_EQ(logged.observe(59.9, 40, EventKind::VelocityClamped), 0u);
  EXPECT_EQ(logged.observe(30.0, 41, EventKind::VelocityClamped), 1u);  // another body
  EXPECT_EQ(logged.observe(60.0, 40, EventKind::VelocityClamped), 1u);
  EXPECT_EQ(logged.metrics.velocitiesClamped, 5u);
  EXPECT_NE(logged.sink->last_formatted().front().find("250.0 tiles/s"), std::string::npos);
}

TEST(StepEventLog, RecoveriesAndDroppedEventsAreCounted) {
  LoggedBatches logged;
  EXPECT_EQ(logged.observe(0.0, 33, EventKind::BodyRecovered, 3), 1u);  // 2 kept, 1 dropped
  EXPECT_EQ(logged.metrics.bodiesRecovered, 2u);
  EXPECT_EQ(logged.metrics.stepEventsDropped, 1u);
  EXPECT_EQ(logged.observe(1.0, 33, EventKind::Landed), 0u);  // not the log's business
  EXPECT_EQ(logged.metrics.bodiesRecovered, 2u);
}

}  // namespace
}  // namespace coyote
