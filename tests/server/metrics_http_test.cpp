// The HTTP endpoints alone, on loopback, with a clock the test sets.
#include "server/metrics_http.h"

#include <gtest/gtest.h>
#include <httplib.h>
#include <spdlog/sinks/null_sink.h>

namespace coyote {
namespace {

double fakeNow = 0.0;
double fakeClock() {
  return fakeNow;
}

struct Endpoints {
  MetricsHttp http{
      "127.0.0.1", 0,
      std::make_shared<spdlog::logger>("null", std::make_shared<spdlog::sinks::null_sink_mt>()),
      fakeClock};
  httplib::Client client{"127.0.0.1", http.port()};

  int status(const char* path) {
    const httplib::Result result = client.Get(path);
    return result ? result->status : -1;
  }
};

TEST(MetricsHttp, HealthFollowsTheLastTickAndReadinessFollowsTheLoop) {
  Endpoints endpoints;
  EXPECT_EQ(endpoints.status("/healthz"), 503);  // never ticked
  EXPECT_EQ(endpoints.status("/readyz"), 503);   // not accepting players yet
  fakeNow = 10.0;
  endpoints.http.ticked(10.0);
  endpoints.http.setReady(true);
  fakeNow = 10.9;
  EXPECT_EQ(endpoints.status("/healthz"), 200);
  EXPECT_EQ(endpoints.status("/readyz"), 200);
  fakeNow = 11.01;  // the loop has not ticked for over a second
  EXPECT_EQ(endpoints.status("/healthz"), 503);
  endpoints.http.setReady(false);  // shutting down
  EXPECT_EQ(endpoints.status("/readyz"), 503);
  EXPECT_EQ(endpoints.status("/elsewhere"), 404);
}

TEST(MetricsHttp, MetricsServeTheLastPublishedPage) {
  Endpoints endpoints;
  endpoints.http.publish("coyote_ticks_total{room=\"main\"} 1\n");
  endpoints.http.publish("coyote_ticks_total{room=\"main\"} 2\n");
  const httplib::Result page = endpoints.client.Get("/metrics");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->body, "coyote_ticks_total{room=\"main\"} 2\n");
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
  // Nothing but GETs, and no big uploads.
  const httplib::Result posted =
      endpoints.client.Post("/metrics", std::string(100000, 'x'), "text/plain");
  ASSERT_TRUE(posted);
  EXPECT_NE(posted->status, 200);
}

}  // namespace
}  // namespace coyote
