# Every dependency comes from a Debian package (SPEC §1); nothing is downloaded at build time.
# scripts/test and scripts/run install the packages listed in scripts/lib/packages.sh.
find_package(PkgConfig REQUIRED)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)
find_package(tomlplusplus REQUIRED)
find_package(nlohmann_json REQUIRED)
find_package(CLI11 REQUIRED)
find_package(fmt REQUIRED)
find_package(cereal REQUIRED)

if(NOT COYOTE_SIM_ONLY)
  pkg_check_modules(ENET REQUIRED IMPORTED_TARGET libenet)
  find_package(spdlog REQUIRED)
  find_package(SFML 2.5 REQUIRED COMPONENTS graphics window system)
  find_package(GTest REQUIRED)
  find_package(benchmark REQUIRED)
endif()
