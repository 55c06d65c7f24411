# The clang-16 build with AddressSanitizer and UndefinedBehaviorSanitizer that scripts/sanitize
# runs every test in and scripts/fuzz fuzzes with: one build in build/asan for both, so CI compiles
# the sources once for them. -fsanitize=fuzzer-no-link adds the coverage counters libFuzzer reads;
# in the tests' programs, linked without libFuzzer, the sanitizer runtime's own no-op callbacks
# answer them.
coyote_packages+=(libclang-rt-16-dev)  # the sanitizers' and libFuzzer's runtimes

# Line tables are all a report's stack needs (file and line of each frame), and cost a fraction of
# full debug information to compile and link. -O1 is what ASan's own documentation advises: fast
# enough to run, cheaper to compile than -O2, and the stacks it reports name every frame. The
# tests' own sources at -O0 (tests/CMakeLists.txt).
configure_sanitizer_build() {
  local flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
  flags+=" -fno-omit-frame-pointer"
  cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOYOTE_WERROR=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
    -DCOYOTE_TEST_OPTIMIZATION=-O0 \
    -DCOYOTE_BENCH=OFF -DCOYOTE_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-16 \
    -DCMAKE_CXX_COMPILER_LAUNCHER="$PWD/scripts/lib/ccache_launcher" \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
}
