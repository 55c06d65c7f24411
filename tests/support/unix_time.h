#pragma once

#include <cstdint>

namespace coyote::test {

/// The wall-clock time (Unix seconds) a test's moderation, votes and bans start at: fixed, so
/// that ban ends and vote timeouts are the same numbers on every run.
inline constexpr std::int64_t kUnixAtStart = 1'700'000'000;

}  // namespace coyote::test
