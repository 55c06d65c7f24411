# coyote_precompile(TARGET HEADER...): the libraries' headers most of TARGET's files include,
# parsed once for the target instead of once per file. Only under Clang (the sanitizer build,
# scripts/sanitize), where it takes a quarter to two fifths off those targets' compile time;
# GCC 12 loads its far larger precompiled headers about as slowly as it parses the headers, so
# the g++ build parses them as before.
function(coyote_precompile target)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    target_precompile_headers(${target} PRIVATE ${ARGN})
    # Without it the .pch records the headers' dates, which a fresh clone changes: ccache would
    # miss on every file that uses it (a warm sanitizer build compiled 74 files, 6 minutes).
    target_compile_options(${target} PRIVATE "SHELL:-Xclang -fno-pch-timestamp")
  endif()
endfunction()
