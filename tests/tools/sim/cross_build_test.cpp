// The cross-build determinism test (SPEC §3.8): coyote-sim built by clang-16 -O2 and by g++ -O0
// must print the same hash as this build's for the same 10,000-tick run. scripts/test passes the
// other builds' binaries in COYOTE_CROSS_BUILD_SIMS.
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/run_command.h"

namespace coyote {
namespace {

const std::string kArguments = " run --level " + std::string(COYOTE_SOURCE_DIR) +
                               "/configs/levels/arena.tmj --players 8 --ticks 10000 --seed 1";

std::string hashPrintedBy(const std::string& binary) {
  const test::CommandResult result = test::runCommand(binary + kArguments);
  EXPECT_EQ(result.exitCode, 0) << binary << ": " << result.output;
  return nlohmann::json::parse(result.lastLine()).at("hash").get<std::string>();
}

TEST(CrossBuild, ClangAndO0BuildsPrintTheSameHashAsThisBuild) {
  const std::string reference = hashPrintedBy(COYOTE_SIM_BINARY);
  std::istringstream others(COYOTE_CROSS_BUILD_SIMS);
  std::string binary;
  int compared = 0;
  while (std::getline(others, binary, ',')) {
    if (binary.empty()) {
      continue;
    }
    EXPECT_EQ(hashPrintedBy(binary), reference)
        << binary << " disagrees with " << COYOTE_SIM_BINARY;
    ++compared;
  }
  EXPECT_GE(compared, 2) << "expected the clang and -O0 builds in COYOTE_CROSS_BUILD_SIMS";
}

}  // namespace
}  // namespace coyote
