// A client's report is taken only if it could be true.
#include "server/rooms/client_report_check.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

net::ClientReport reportOf(std::uint32_t rollbacks, std::uint16_t depth, std::uint32_t desyncs,
                           std::uint32_t lateInputs) {
  net::ClientReport report;
  report.rollbacks = rollbacks;
  report.maxRollbackDepth = depth;
  report.desyncs = desyncs;
  report.lateInputs = lateInputs;
  return report;
}

TEST(ClientReportCheck, CountersGrowByAtMostTheTicksBetweenTwoReports) {
  const net::ClientReport before = reportOf(100, 8, 0, 3);
  EXPECT_TRUE(plausibleReport(before, reportOf(400, 12, 1, 5), 300));
  EXPECT_TRUE(plausibleReport(before, reportOf(460, 12, 1, 5), 300)) << "a second of slack";
  EXPECT_FALSE(plausibleReport(before, reportOf(461, 12, 1, 5), 300));
  EXPECT_FALSE(plausibleReport(before, reportOf(400, 12, 400, 5), 300));
  EXPECT_FALSE(plausibleReport(before, reportOf(400, 12, 1, 400), 300));
}

TEST(ClientReportCheck, CountersNeverGoDownAndNoRollbackIsDeeperThanTenSeconds) {
  const net::ClientReport before = reportOf(100, 8, 2, 3);
  EXPECT_FALSE(plausibleReport(before, reportOf(99, 8, 2, 3), 300));
  EXPECT_FALSE(plausibleReport(before, reportOf(100, 8, 1, 3), 300));
  EXPECT_TRUE(plausibleReport(before, reportOf(100, 600, 2, 3), 300));
  EXPECT_FALSE(plausibleReport(before, reportOf(100, 601, 2, 3), 300));
  // What the issue saw printed: 382,252,089,255 rollbacks at depth 65535.
  EXPECT_FALSE(plausibleReport({}, reportOf(0xFFFFFFFFu, 65535, 0, 0), 3600));
}

}  // namespace
}  // namespace coyote
