#pragma once

// Whether this build runs under AddressSanitizer (scripts/sanitize builds the tests and the
// programs they start with it): a test that watches resident memory must then allow for ASan's
// own bookkeeping — the quarantine of freed blocks, per-thread caches and their shadow memory —
// and leave real leaks to LeakSanitizer, which checks at exit.

namespace coyote::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace coyote::test
