# Every dependency comes from a Debian package; nothing is downloaded at build time.
# scripts/test and scripts/run install the packages listed in scripts/lib/packages.sh.
if(COYOTE_PORTABLE_SIM)
  # coyote-sim for another CPU or OS (scripts/cross_determinism): the host's header-only
  # libraries, searched after the cross compiler's own headers, and linked statically.
  add_compile_options(-idirafter /usr/include)
  add_link_options(-static)
  function(coyote_header_only target)
    add_library(${target} INTERFACE IMPORTED GLOBAL)
    target_compile_definitions(${target} INTERFACE ${ARGN})
  endfunction()
  coyote_header_only(PkgConfig::XXHASH XXH_INLINE_ALL)
  coyote_header_only(tomlplusplus::tomlplusplus TOML_HEADER_ONLY=1)
  coyote_header_only(fmt::fmt FMT_HEADER_ONLY)
  coyote_header_only(nlohmann_json::nlohmann_json)
  coyote_header_only(CLI11::CLI11)
  coyote_header_only(cereal::cereal)
  return()
endif()

find_package(PkgConfig REQUIRED)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)
find_package(tomlplusplus REQUIRED)
find_package(nlohmann_json REQUIRED)
find_package(CLI11 REQUIRED)
find_package(fmt REQUIRED)
find_package(cereal REQUIRED)

if(NOT COYOTE_SIM_ONLY)
  pkg_check_modules(ENET REQUIRED IMPORTED_TARGET libenet)
  pkg_check_modules(SODIUM REQUIRED IMPORTED_TARGET libsodium)
  pkg_check_modules(CPP_HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
  pkg_check_modules(MICROHTTPD REQUIRED IMPORTED_TARGET libmicrohttpd)
  # Node's HTTP parser (libhttp-parser-dev, no .pc file): the answers of the server's own plain
  # HTTP requests, with no TLS library loaded (shared/http/http_client.h).
  find_path(HTTP_PARSER_INCLUDE_DIR http_parser.h REQUIRED)
  find_library(HTTP_PARSER_LIBRARY http_parser REQUIRED)
  add_library(HttpParser::HttpParser UNKNOWN IMPORTED)
  set_target_properties(HttpParser::HttpParser PROPERTIES IMPORTED_LOCATION "${HTTP_PARSER_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${HTTP_PARSER_INCLUDE_DIR}")
  # Unicode's normalisation and confusables (UTS #39), for comparing player names.
  pkg_check_modules(ICU REQUIRED IMPORTED_TARGET icu-uc icu-i18n)
  find_package(spdlog REQUIRED)
  find_package(SQLiteCpp REQUIRED)
  find_package(ZLIB REQUIRED)
  pkg_check_modules(PQXX REQUIRED IMPORTED_TARGET libpqxx)
endif()
if(NOT COYOTE_SIM_ONLY AND NOT COYOTE_HEADLESS)
  find_package(SFML 2.5 REQUIRED COMPONENTS graphics window system)
  find_package(GTest REQUIRED)
  find_package(benchmark REQUIRED)
endif()
