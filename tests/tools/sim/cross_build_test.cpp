// The cross-build determinism test (docs/testing.md#determinism): coyote-sim built by clang-16 -O2
// and by g++ -O0 must print the same hash as this build's for the same 10,000-tick run.
// scripts/test passes the other builds' binaries in COYOTE_CROSS_BUILD_SIMS.
#include <filesystem>
#include <sstream>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/run_command.h"

namespace coyote {
namespace {

/// Every bundled level.
std::vector<std::string> levels() {
  std::vector<std::string> found;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(COYOTE_SOURCE_DIR) + "/configs/levels")) {
    if (entry.path().extension() == ".tmj") {
      found.push_back(entry.path().string());
    }
  }
  return found;
}

std::string hashPrintedBy(const std::string& binary, const std::string& level) {
  const test::CommandResult result =
      test::runCommand(binary + " run --level " + level + " --players 8 --ticks 10000 --seed 1");
  EXPECT_EQ(result.exitCode, 0) << binary << ": " << result.output;
  return nlohmann::json::parse(result.lastLine()).at("hash").get<std::string>();
}

TEST(CrossBuild, ClangAndO0BuildsPrintTheSameHashAsThisBuildOnEveryLevel) {
  const std::vector<std::string> bundled = levels();
  ASSERT_GE(bundled.size(), 2u);
  for (const std::string& level : bundled) {
    const std::string reference = hashPrintedBy(COYOTE_SIM_BINARY, level);
    std::istringstream others(COYOTE_CROSS_BUILD_SIMS);
    std::string binary;
    int compared = 0;
    while (std::getline(others, binary, ',')) {
      if (!binary.empty()) {
        EXPECT_EQ(hashPrintedBy(binary, level), reference)
            << binary << " disagrees with " << COYOTE_SIM_BINARY << " on " << level;
        ++compared;
      }
    }
    EXPECT_GE(compared, 2) << "expected the clang and -O0 builds in COYOTE_CROSS_BUILD_SIMS";
  }
}

}  // namespace
}  // namespace coyote
