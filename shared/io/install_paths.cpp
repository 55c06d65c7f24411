#include "io/install_paths.h"

#include <filesystem>

#include "io/utf8_path.h"
#include "platform/program_path.h"

namespace coyote {
namespace {

bool isFile(const std::filesystem::path& path) {
  std::error_code unreadable;  // a folder it may not look into counts as no file
  return std::filesystem::is_regular_file(path, unreadable);
}

/// `relative` under the installed data folder, "" when it is not there.
std::string installedFile(const std::filesystem::path& relative) {
  const std::string data = installedDataFolder();
  const std::filesystem::path installed = utf8Path(data) / relative;
  return !data.empty() && isFile(installed) ? utf8String(installed) : "";
}

}  // namespace

std::string programFolder() {
  const std::string program = platform::programFile();
  return program.empty() ? program : utf8String(utf8Path(program).parent_path());
}

std::string installedDataFolder() {
  // Found from the program's own place, so that one build serves every prefix it is installed
  // under (/usr by the packages, /usr/local by cmake --install).
  const std::string programs = programFolder();
  return programs.empty()
             ? std::string()
             : utf8String((utf8Path(programs) / COYOTE_DATA_FROM_PROGRAMS).lexically_normal());
}

std::string systemConfigFolder() {
  return COYOTE_SYSTEM_CONFIG_FOLDER;
}

std::string defaultConfigFile(const std::string& name) {
  const std::filesystem::path host = utf8Path(systemConfigFolder()) / utf8Path(name);
  return isFile(utf8Path("configs/" + name)) || !isFile(host) ? shippedConfigFile(name)
                                                              : utf8String(host);
}

std::string shippedConfigFile(const std::string& name) {
  const std::string here = "configs/" + name;
  return isFile(utf8Path(here)) ? here : installedFile(utf8Path(here));
}

std::string installedDataFile(const std::string& path) {
  const std::filesystem::path given = utf8Path(path);
  if (path.empty() || given.is_absolute() || isFile(given)) {
    return path;
  }
  const std::string installed = installedFile(given);
  return installed.empty() ? path : installed;
}

}  // namespace coyote
