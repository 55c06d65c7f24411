#include "server/settings_reader.h"

#include <chrono>
#include <stdexcept>

namespace coyote {

SettingsReader::~SettingsReader() {
  if (reading_.valid()) {
    reading_.wait();
  }
}

void SettingsReader::request() {
  if (reading_.valid()) {
    again_ = true;  // coalesced: one more read once this one ends
    return;
  }
  start();
}

std::optional<SettingsReader::Result> SettingsReader::take() {
  if (!reading_.valid() ||
      reading_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
    return std::nullopt;
  }
  Result result = reading_.get();
  if (again_) {
    again_ = false;
    start();
  }
  return result;
}

void SettingsReader::start() {
  ++reads_;
  reading_ = std::async(std::launch::async, [read = read_]() -> Result {
    try {
      return read();
    } catch (const std::runtime_error& error) {
      return std::string(error.what());
    }
  });
}

}  // namespace coyote
