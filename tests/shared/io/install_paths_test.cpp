// Where a program finds its settings and data when it is given none: the working folder's
// configs/ first, then the host's /etc/coyote, then what the packages installed beside the
// programs (share/coyote).
#include "io/install_paths.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "support/temp_file.h"

namespace coyote {
namespace {

/// The working folder is `folder` until the end of the scope.
class InFolder {
 public:
  explicit InFolder(const std::filesystem::path& folder)
      : before_(std::filesystem::current_path()) {
    std::filesystem::current_path(folder);
  }
  ~InFolder() { std::filesystem::current_path(before_); }
  InFolder(const InFolder&) = delete;
  InFolder& operator=(const InFolder&) = delete;

 private:
  std::filesystem::path before_;
};

TEST(InstallPaths, TheDataFolderIsShareCoyoteBesideTheProgramsFolder) {
  const std::filesystem::path program = std::filesystem::canonical("/proc/self/exe");
  EXPECT_EQ(installedDataFolder(),
            (program.parent_path() / ".." / "share" / "coyote").lexically_normal().string());
  EXPECT_EQ(systemConfigFolder(), "/etc/coyote");
}

TEST(InstallPaths, TheWorkingFoldersConfigsComeFirst) {
  test::TempDirectory directory;
  std::filesystem::create_directories(directory.path() / "configs");
  std::ofstream(directory.path() / "configs" / "server.toml") << "\n";
  const InFolder here(directory.path());
  EXPECT_EQ(defaultConfigFile("server.toml"), "configs/server.toml");
  EXPECT_EQ(shippedConfigFile("server.toml"), "configs/server.toml");
}

TEST(InstallPaths, NoConfigAnywhereIsNone) {
  test::TempDirectory directory;
  const InFolder here(directory.path());
  // No configs/ here, no installed copy beside the test binary, and none in /etc/coyote (asserted:
  // a host's file there would hide a failure).
  ASSERT_FALSE(std::filesystem::exists("/etc/coyote/no-such.toml"));
  EXPECT_EQ(defaultConfigFile("no-such.toml"), "");
  EXPECT_EQ(shippedConfigFile("no-such.toml"), "");
}

TEST(InstallPaths, ADataFileIsTheGivenOneWhenItExistsOrCannotBeFound) {
  test::TempDirectory directory;
  std::ofstream(directory.path() / "mine.tmj") << "{}";
  const InFolder here(directory.path());
  EXPECT_EQ(installedDataFile("mine.tmj"), "mine.tmj");
  EXPECT_EQ(installedDataFile("/absolute/level.tmj"), "/absolute/level.tmj");
  EXPECT_EQ(installedDataFile("configs/levels/nowhere.tmj"), "configs/levels/nowhere.tmj");
  EXPECT_EQ(installedDataFile(""), "");
}

TEST(InstallPaths, ADataFileMissingHereIsTheInstalledOne) {
  // A share/coyote beside the test binary's folder stands for /usr/share/coyote.
  const std::filesystem::path data = installedDataFolder();
  ASSERT_FALSE(std::filesystem::exists(data)) << data << " exists already";
  std::filesystem::create_directories(data / "configs" / "levels");
  std::ofstream(data / "configs" / "levels" / "arena.tmj") << "{}";
  std::ofstream(data / "configs" / "server.toml") << "\n";
  test::TempDirectory directory;
  {
    const InFolder here(directory.path());
    EXPECT_EQ(installedDataFile("configs/levels/arena.tmj"),
              (data / "configs" / "levels" / "arena.tmj").string());
    EXPECT_EQ(shippedConfigFile("server.toml"), (data / "configs" / "server.toml").string());
  }
  std::filesystem::remove_all(data.parent_path());  // share/
}

}  // namespace
}  // namespace coyote
