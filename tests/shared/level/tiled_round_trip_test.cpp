// Every bundled level survives Debian's Tiled: `tiled --export-map` (offscreen) writes it back
// and the level it writes plays exactly as the original (docs/levels.md#editing-in-tiled).
#include <filesystem>

#include <gtest/gtest.h>

#include "config/materials_loader.h"
#include "level/tiled_level_loader.h"
#include "support/random_run.h"
#include "support/run_command.h"
#include "support/temp_file.h"

namespace coyote {
namespace {

TEST(TiledRoundTrip, EveryBundledLevelExportedByTiledLoadsAndPlaysTheSame) {
  ASSERT_EQ(test::runCommand("command -v tiled").exitCode, 0)
      << "Debian's tiled is missing: scripts/test installs it";
  const std::filesystem::path levels = std::filesystem::path(COYOTE_SOURCE_DIR) / "configs/levels";
  const MaterialTable materials =
      loadMaterials(std::string(COYOTE_SOURCE_DIR) + "/configs/materials.toml");
  // Tiled writes the tileset's path relative to where it saves, and a level's tileset must lie in
  // its folder: the levels are exported beside a copy of the tileset and of its image.
  test::TempDirectory directory;
  const std::filesystem::path copies = directory.path() / "configs/levels";
  std::filesystem::create_directories(copies);
  std::filesystem::create_directories(directory.path() / "assets");
  std::filesystem::copy_file(levels / "coyote.tsj", copies / "coyote.tsj");
  std::filesystem::copy_file(levels / "../../assets/tiles.png",
                             directory.path() / "assets/tiles.png");
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(levels)) {
    if (entry.path().extension() != ".tmj") {
      continue;
    }
    const std::filesystem::path copy = copies / entry.path().filename();
    std::filesystem::copy_file(entry.path(), copy);
    const std::filesystem::path exported = copies / ("saved-" + entry.path().filename().string());
    const test::CommandResult result =
        test::runCommand("QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=" + directory.path().string() +
                         " tiled --export-map json " + copy.string() + " " + exported.string());
    ASSERT_EQ(result.exitCode, 0) << entry.path() << ": " << result.output;
    ASSERT_TRUE(std::filesystem::exists(exported)) << result.output;
    const Level original = loadTiledLevel(entry.path().string(), materials);
    const Level again = loadTiledLevel(exported.string(), materials);
    ASSERT_EQ(again.width(), original.width()) << exported;
    ASSERT_EQ(again.height(), original.height());
    int differing = 0;
    for (int row = 0; row < original.height(); ++row) {
      for (int column = 0; column < original.width(); ++column) {
        differing += again.tileAt(column, row) != original.tileAt(column, row) ||
                     again.materialIndexAt(column, row) != original.materialIndexAt(column, row);
      }
    }
    EXPECT_EQ(differing, 0) << entry.path().filename() << ": tiles or materials lost";
    EXPECT_EQ(test::randomRunHash(exported.string(), 4, 600, 7),
              test::randomRunHash(entry.path().string(), 4, 600, 7))
        << entry.path().filename() << " plays differently once Tiled has saved it";
    ++checked;
  }
  EXPECT_GE(checked, 4);
}

}  // namespace
}  // namespace coyote
