# Every dependency comes from a Debian package (SPEC §1); nothing is downloaded at build time.
# scripts/test and scripts/run install the packages listed in scripts/packages.txt.
find_package(PkgConfig REQUIRED)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)
find_package(tomlplusplus REQUIRED)
find_package(nlohmann_json REQUIRED)
find_package(CLI11 REQUIRED)
find_package(fmt REQUIRED)

if(NOT COYOTE_SIM_ONLY)
  find_package(GTest REQUIRED)
  find_package(benchmark REQUIRED)
endif()
