#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace coyote {

/// Writes the Prometheus text exposition format (version 0.0.4): families one after the other,
/// each with its # HELP and # TYPE lines, then its samples with their labels (if any).
class PrometheusExposition {
 public:
  void family(std::string_view name, std::string_view type, std::string_view help);
  void sample(std::string_view name, double value, std::string_view labels = "");
  void gauge(std::string_view name, double value, std::string_view help);
  void counter(std::string_view name, double value, std::string_view help);
  /// `coyote_build_info{version="…",protocol="…"} 1`, as Prometheus exporters publish their
  /// build (docs/hosting.md#upgrading).
  void buildInfo(std::string_view version, int protocol);
  std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

/// A label value as the format wants it: backslash, double quote and newline escaped.
std::string escapedLabel(std::string_view value);

/// This process's resident set size from /proc/self/statm (0 where there is none).
std::uint64_t residentSetBytes();

}  // namespace coyote
