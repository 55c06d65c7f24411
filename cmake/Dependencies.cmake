# Every dependency comes from a Debian package; nothing is downloaded at build time.
# scripts/test and scripts/run install the packages listed in scripts/lib/packages.sh.

# The cross builds (coyote-sim for another CPU or OS, the Windows programs): the host's
# header-only libraries, searched after the cross compiler's own headers, everything linked
# statically.
function(coyote_header_only target)
  add_library(${target} INTERFACE IMPORTED GLOBAL)
  target_compile_definitions(${target} INTERFACE ${ARGN})
endfunction()
macro(coyote_cross_build_headers)
  add_compile_options(-idirafter /usr/include)
  add_link_options(-static)
  coyote_header_only(PkgConfig::XXHASH XXH_INLINE_ALL)
  coyote_header_only(tomlplusplus::tomlplusplus TOML_HEADER_ONLY=1)
  coyote_header_only(fmt::fmt FMT_HEADER_ONLY)
  coyote_header_only(nlohmann_json::nlohmann_json)
  coyote_header_only(CLI11::CLI11)
  coyote_header_only(cereal::cereal)
endmacro()

if(COYOTE_PORTABLE_SIM)
  coyote_cross_build_headers()  # coyote-sim alone (scripts/cross_determinism)
  return()
endif()

if(WIN32)
  # The Windows build (docs/building.md#windows): the client, coyote-bot and coyote-sim. The
  # compiled libraries come from scripts/windows_deps's prefix (-DCMAKE_FIND_ROOT_PATH), zlib
  # from Debian's libz-mingw-w64-dev.
  coyote_cross_build_headers()
  add_compile_definitions(WIN32_LEAN_AND_MEAN NOMINMAX _WIN32_WINNT=0x0601 SODIUM_STATIC
    SFML_STATIC)
  coyote_header_only(spdlog::spdlog SPDLOG_FMT_EXTERNAL)
  # compiled_library(TARGET NAME HEADER SYSTEM-LIBRARIES...): lib/libNAME.a of the prefix, and
  # its include/ (found before the host's: the host's ENet is another version).
  function(compiled_library target name header)
    find_library(${name}_LIBRARY NAMES ${name} REQUIRED)
    find_path(${name}_INCLUDE_DIR ${header} REQUIRED)
    add_library(${target} INTERFACE IMPORTED GLOBAL)
    target_link_libraries(${target} INTERFACE ${${name}_LIBRARY} ${ARGN})
    target_include_directories(${target} INTERFACE ${${name}_INCLUDE_DIR})
  endfunction()
  compiled_library(PkgConfig::ENET enet enet/enet.h ws2_32 winmm)
  compiled_library(PkgConfig::SODIUM sodium sodium.h)
  compiled_library(HttpParser::HttpParser http_parser http_parser.h)
  # cpp-httplib whole (header-only) from the prefix, with gzip; no TLS library on Windows, so
  # the browser's masters are http:// there.
  find_path(HTTPLIB_INCLUDE_DIR httplib.h REQUIRED)
  add_library(PkgConfig::CPP_HTTPLIB INTERFACE IMPORTED GLOBAL)
  target_include_directories(PkgConfig::CPP_HTTPLIB INTERFACE ${HTTPLIB_INCLUDE_DIR})
  target_compile_definitions(PkgConfig::CPP_HTTPLIB INTERFACE CPPHTTPLIB_ZLIB_SUPPORT)
  set(ZLIB_USE_STATIC_LIBS ON)  # libz.a, not the import library of zlib1.dll
  find_package(ZLIB REQUIRED)
  target_link_libraries(PkgConfig::CPP_HTTPLIB INTERFACE ZLIB::ZLIB ws2_32)
  set(SFML_STATIC_LIBRARIES TRUE)
  find_package(SFML 2.5 REQUIRED COMPONENTS graphics window system)
  # SFML's config names Windows' OpenGL library "OpenGL32", which only a case-blind file system
  # finds; MinGW-w64's is libopengl32.a.
  set_property(TARGET OpenGL PROPERTY INTERFACE_LINK_LIBRARIES opengl32)
  set_property(TARGET Freetype APPEND PROPERTY INTERFACE_LINK_LIBRARIES ZLIB::ZLIB)  # its gzip
  # SFML's own FreeType, which the client also asks which glyphs a font has; its config names
  # the library alone.
  find_path(FREETYPE_INCLUDE_DIR ft2build.h PATH_SUFFIXES freetype2 REQUIRED)
  set_property(TARGET Freetype APPEND PROPERTY INTERFACE_INCLUDE_DIRECTORIES ${FREETYPE_INCLUDE_DIR})
  set(COYOTE_FREETYPE Freetype)
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
  # FreeType: which characters the text font has a glyph for (client/app/window/font.cpp).
  pkg_check_modules(FREETYPE REQUIRED IMPORTED_TARGET freetype2)
  set(COYOTE_FREETYPE PkgConfig::FREETYPE)
  find_package(GTest REQUIRED)
  find_package(benchmark REQUIRED)
endif()
