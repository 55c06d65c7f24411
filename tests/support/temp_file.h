#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace coyote::test {

/// A file with the given text in a fresh per-test directory, removed at the end of the test.
class TempDirectory {
 public:
  /// `suffix` tells several directories of one test apart.
  explicit TempDirectory(std::string_view suffix = "") {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string("coyote-") + info->test_suite_name() + "-" + info->name();
    if (!suffix.empty()) {
      name.append("-").append(suffix);
    }
    path_ = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDirectory() { std::filesystem::remove_all(path_); }
  TempDirectory(const TempDirectory&) = delete;
  TempDirectory& operator=(const TempDirectory&) = delete;

  std::string write(std::string_view name, std::string_view text) const {
    const std::filesystem::path file = path_ / name;
    std::filesystem::create_directories(file.parent_path());  // "groups/ghosts.json"
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace coyote::test
