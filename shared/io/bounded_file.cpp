#include "io/bounded_file.h"

#include <fstream>
#include <system_error>

#include <fmt/format.h>

#include "io/config_error.h"
#include "io/utf8_path.h"

namespace coyote {

std::string readBoundedFile(const std::string& name, std::uintmax_t maxBytes) {
  const std::filesystem::path file = utf8Path(name);
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (error || !std::filesystem::exists(status)) {
    throw ConfigError(fmt::format("{}: cannot open file", name));
  }
  if (!std::filesystem::is_regular_file(status)) {
    throw ConfigError(fmt::format("{}: not a regular file", name));
  }
  const auto tooLarge = [&] {
    return ConfigError(fmt::format("{}: larger than the {} allowed", name,
                                   maxBytes >= (1u << 20) ? fmt::format("{} MiB", maxBytes >> 20)
                                                          : fmt::format("{} bytes", maxBytes)));
  };
  const std::uintmax_t size = std::filesystem::file_size(file, error);
  if (error || size > maxBytes) {
    throw tooLarge();
  }
  std::ifstream stream(file, std::ios::binary);
  if (!stream) {
    throw ConfigError(fmt::format("{}: cannot open file", name));
  }
  // Ask for one byte more than the size: the file may have grown since it was examined.
  std::string text(static_cast<std::size_t>(size) + 1, '\0');
  stream.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(stream.gcount()));
  if (text.size() > maxBytes) {
    throw tooLarge();
  }
  return text;
}

void writeFileAtomically(const std::string& name, const std::string& text) {
  const std::filesystem::path file = utf8Path(name);
  std::error_code ignored;
  if (file.has_parent_path()) {
    std::filesystem::create_directories(file.parent_path(), ignored);
  }
  const std::filesystem::path temporary = utf8Path(name + ".new");
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) {
      throw std::runtime_error(fmt::format("cannot write {}.new", name));
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, file, error);
  if (error) {
    throw std::runtime_error(fmt::format("cannot replace {}: {}", name, error.message()));
  }
}

}  // namespace coyote
