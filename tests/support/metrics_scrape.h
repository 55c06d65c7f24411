#pragma once

// A live server's /metrics, read by tests/support/scrape_metrics.py with the Prometheus client
// library's own parser, and the samples a test looks for in it.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/run_command.h"

namespace coyote::test {

/// The samples of `family` whose labels include `labels`.
inline std::vector<nlohmann::json> samplesOf(
    const nlohmann::json& scrape, const std::string& family,
    const nlohmann::json& labels = nlohmann::json::object()) {
  std::vector<nlohmann::json> found;
  for (const nlohmann::json& sample : scrape["families"][family]["samples"]) {
    bool matches = true;
    for (const auto& [key, value] : labels.items()) {
      matches = matches && sample["labels"].value(key, std::string()) == value.get<std::string>();
    }
    if (matches) {
      found.push_back(sample);
    }
  }
  return found;
}

inline double valueOf(const nlohmann::json& scrape, const std::string& family,
                      const std::string& sample) {
  for (const nlohmann::json& entry : scrape["families"][family]["samples"]) {
    if (entry["name"] == sample) {
      return entry["value"].get<double>();
    }
  }
  ADD_FAILURE() << "no sample " << sample << " in " << family;
  return -1.0;
}

inline nlohmann::json scrape(int port) {
  const test::CommandResult result =
      test::runCommand(std::string("/usr/bin/python3 ") + COYOTE_SOURCE_DIR +
                       "/tests/support/scrape_metrics.py http://127.0.0.1:" + std::to_string(port));
  EXPECT_EQ(result.exitCode, 0) << result.output;
  return result.exitCode == 0 ? nlohmann::json::parse(result.lastLine()) : nlohmann::json::object();
}

}  // namespace coyote::test
