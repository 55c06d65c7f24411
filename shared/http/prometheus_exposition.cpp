#include "http/prometheus_exposition.h"

#include <fstream>

#include <fmt/format.h>
#include <unistd.h>

namespace coyote {

void PrometheusExposition::family(std::string_view name, std::string_view type,
                                  std::string_view help) {
  text_ += fmt::format("# HELP {} {}\n# TYPE {} {}\n", name, help, name, type);
}

void PrometheusExposition::sample(std::string_view name, double value, std::string_view labels) {
  text_ += labels.empty() ? fmt::format("{} {}\n", name, value)
                          : fmt::format("{}{{{}}} {}\n", name, labels, value);
}

void PrometheusExposition::gauge(std::string_view name, double value, std::string_view help) {
  family(name, "gauge", help);
  sample(name, value);
}

void PrometheusExposition::counter(std::string_view name, double value, std::string_view help) {
  family(name, "counter", help);
  sample(name, value);
}

void PrometheusExposition::buildInfo(std::string_view version, int protocol) {
  family("coyote_build_info", "gauge",
         "Always 1: the build's version and the protocol it speaks, as labels.");
  sample("coyote_build_info", 1.0,
         fmt::format("version=\"{}\",protocol=\"{}\"", escapedLabel(version), protocol));
}

std::string escapedLabel(std::string_view value) {
  std::string escaped;
  for (const char character : value) {
    if (character == '\\' || character == '"') {
      escaped += '\\';
      escaped += character;
    } else if (character == '\n') {
      escaped += "\\n";
    } else {
      escaped += character;
    }
  }
  return escaped;
}

std::uint64_t residentSetBytes() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t pages = 0;
  std::uint64_t resident = 0;
  if (!(statm >> pages >> resident)) {
    return 0;
  }
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

}  // namespace coyote
