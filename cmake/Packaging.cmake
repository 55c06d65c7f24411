# Install rules and the two Debian packages (docs/hosting.md#on-a-debian-server-with-systemd,
# docs/playing.md#install), made by scripts/package with CPack from the build scripts/test made:
#   coyote-server  for hosts: coyote-server, coyote-master, coyote-admin, coyote-bot, coyote-sim,
#                  the levels and configs, /etc/coyote's settings (conffiles), systemd units and
#                  the system user
#   coyote         for players: coyote-client, the art, the desktop entry, icon and metainfo; it
#                  depends on coyote-server for the levels and the server of "Play on this machine"
# CPack rather than debian/ and debhelper: the packages are cut from the build CI has already
# made and tested, with no second compile; dpkg-shlibdeps still computes the dependencies.
include(GNUInstallDirs)

set(COYOTE_DATA_DESTINATION ${CMAKE_INSTALL_DATADIR}/coyote)
set(COYOTE_DOC_SERVER ${CMAKE_INSTALL_DATADIR}/doc/coyote-server)
set(COYOTE_DOC_CLIENT ${CMAKE_INSTALL_DATADIR}/doc/coyote)
# The build's version (cmake/CoyoteVersion.cmake) and Debian's revision: a later commit's package
# compares greater (dpkg --compare-versions), so apt upgrades one to the next.
set(COYOTE_PACKAGE_VERSION "${COYOTE_VERSION}-1")

# --- coyote-server ---
install(TARGETS coyote-server coyote-master coyote-admin coyote-bot coyote-sim
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT server)
# The server's modules, loaded when a setting asks for them (docs/hosting.md#memory): found in
# lib/coyote beside the programs' bin, so not in the multiarch folder GNUInstallDirs would pick.
install(TARGETS records_postgres http_server names_icu tls_client LIBRARY DESTINATION lib/coyote
  COMPONENT server)
install(FILES configs/server.toml configs/master.toml configs/physics.toml configs/materials.toml
  DESTINATION ${COYOTE_DATA_DESTINATION}/configs COMPONENT server)
install(DIRECTORY configs/levels DESTINATION ${COYOTE_DATA_DESTINATION}/configs COMPONENT server
  FILES_MATCHING PATTERN "*.tmj" PATTERN "*.tsj" PATTERN "bench.tmj" EXCLUDE)
# The host's own copies, kept across upgrades (conffiles), read before the installed defaults.
install(FILES configs/server.toml configs/master.toml DESTINATION /etc/coyote COMPONENT server)
install(FILES packaging/systemd/coyote-server.service packaging/systemd/coyote-server@.service
  packaging/systemd/coyote-master.service DESTINATION /lib/systemd/system COMPONENT server)
install(FILES packaging/systemd/coyote.sysusers DESTINATION lib/sysusers.d RENAME coyote.conf
  COMPONENT server)

# --- coyote (players) ---
if(TARGET coyote-client)
  install(TARGETS coyote-client RUNTIME DESTINATION games COMPONENT client)
  install(FILES configs/client.toml DESTINATION ${COYOTE_DATA_DESTINATION}/configs
    COMPONENT client)
  install(DIRECTORY assets/ DESTINATION ${COYOTE_DATA_DESTINATION}/assets COMPONENT client
    FILES_MATCHING PATTERN "*.png" PATTERN "icon_*" EXCLUDE)
  foreach(size 16 32 48 64 128 256)
    install(FILES assets/icon_${size}.png RENAME coyote.png COMPONENT client
      DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  endforeach()
  install(FILES packaging/desktop/org.coyote.Coyote.desktop
    DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT client)
  install(FILES packaging/desktop/org.coyote.Coyote.metainfo.xml
    DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT client)
endif()

# --- man pages: from each program's --help (help2man), so they say what --help says ---
option(COYOTE_MAN_PAGES "Make and install the man pages (needs help2man; scripts/package)" OFF)
if(COYOTE_MAN_PAGES)
  find_program(HELP2MAN help2man REQUIRED)
  set(man_pages "")
  foreach(entry
      "coyote-server|server|the authoritative game server"
      "coyote-master|server|the internet server list"
      "coyote-admin|server|moderate a running coyote-server"
      "coyote-bot|server|headless players for load, company and tests"
      "coyote-sim|server|run levels, verify replays and race records"
      "coyote-client|client|the game")
    string(REPLACE "|" ";" fields "${entry}")
    list(GET fields 0 program)
    list(GET fields 1 component)
    list(GET fields 2 summary)
    if(NOT TARGET ${program})
      continue()
    endif()
    set(page ${CMAKE_CURRENT_BINARY_DIR}/man/${program}.6.gz)
    set(subcommands ${CMAKE_CURRENT_BINARY_DIR}/man/${program}.h2m)
    # A program with subcommands (coyote-sim, coyote-admin) gets each one's --help as well.
    add_custom_command(OUTPUT ${page}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/man
      COMMAND sh -c "${PROJECT_SOURCE_DIR}/packaging/man_subcommands.sh \"$1\" > \"$2\"; [ -s \"$2\" ] || rm \"$2\""
        man_subcommands $<TARGET_FILE:${program}> ${subcommands}
      COMMAND ${HELP2MAN} --no-info --section=6
        --name=${summary} --opt-include=${subcommands}
        --output=${CMAKE_CURRENT_BINARY_DIR}/man/${program}.6 $<TARGET_FILE:${program}>
      COMMAND gzip -9nf ${CMAKE_CURRENT_BINARY_DIR}/man/${program}.6
      DEPENDS ${program} ${PROJECT_SOURCE_DIR}/packaging/man_subcommands.sh VERBATIM)
    list(APPEND man_pages ${page})
    install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man6 COMPONENT ${component})
  endforeach()
  add_custom_target(coyote_man_pages ALL DEPENDS ${man_pages})
endif()

# --- Debian's copyright and changelog in each package's doc folder ---
# Its first entry names the build's commit, dated as the commit is (the same commit, the same
# bytes); a tree without git has the history alone.
file(READ packaging/debian/changelog changelog)
coyote_commit(${PROJECT_SOURCE_DIR} commit commit_date)
if(commit)
  string(REPLACE "@VERSION@" "${COYOTE_PACKAGE_VERSION}" changelog "${changelog}")
  string(REPLACE "@COMMIT@" "${commit}" changelog "${changelog}")
  string(REPLACE "@DATE@" "${commit_date}" changelog "${changelog}")
else()
  string(REGEX REPLACE "^[^\n]*@VERSION@.*@DATE@\n\n" "" changelog "${changelog}")
endif()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian "${changelog}")
add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian.gz
  COMMAND gzip -9nkf ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian
  DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian VERBATIM)
add_custom_target(coyote_debian_changelog ALL
  DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian.gz)
foreach(pair "server|${COYOTE_DOC_SERVER}" "client|${COYOTE_DOC_CLIENT}")
  string(REPLACE "|" ";" fields "${pair}")
  list(GET fields 0 component)
  list(GET fields 1 folder)
  install(FILES packaging/debian/copyright ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian.gz
    DESTINATION ${folder} COMPONENT ${component})
endforeach()

# --- CPack ---
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME coyote)
set(CPACK_PACKAGE_VENDOR "the Coyote developers")
set(CPACK_PACKAGE_CONTACT "Coyote developers <coyote@example.org>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/packages)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL server)
if(TARGET coyote-client)
  list(APPEND CPACK_COMPONENTS_ALL client)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGE_VERSION "${COYOTE_VERSION}")  # VERSION is only its base
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SOURCE coyote)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS OFF)
set(CPACK_DEBIAN_SERVER_PACKAGE_NAME coyote-server)
set(CPACK_DEBIAN_CLIENT_PACKAGE_NAME coyote)
set(CPACK_DEBIAN_CLIENT_PACKAGE_DEPENDS "coyote-server (= ${COYOTE_PACKAGE_VERSION})")
# The libraries come from dpkg-shlibdeps; procps for the units' ExecReload (/bin/kill -HUP).
set(CPACK_DEBIAN_SERVER_PACKAGE_DEPENDS "procps")
set(CPACK_DEBIAN_CLIENT_PACKAGE_SECTION games)  # the game in /usr/games, as Debian's games are
set(CPACK_DEBIAN_SERVER_PACKAGE_SECTION net)    # the host's programs in /usr/bin, on root's PATH
# The first line is the synopsis; CPack indents the others as Debian's control file wants.
set(CPACK_COMPONENT_SERVER_DESCRIPTION
  "dedicated server, master server and tools of the Coyote platformer
The authoritative server of Coyote, a networked 2D tile platformer:
fixed-step deterministic physics, races timed by the server with records
in SQLite or PostgreSQL, rooms, moderation and an admin API, Prometheus
metrics. With the master server of the internet server list, the admin
and bot tools, coyote-sim, the bundled levels, and hardened systemd units
run by a system user.")
set(CPACK_COMPONENT_CLIENT_DESCRIPTION
  "networked pixel-art platformer with races, records and ghosts
Coyote is a networked 2D tile platformer: your runner answers at once
and is corrected when the server disagrees. Races with records and
ghosts, a server browser with the internet list and the LAN, chat, a
console, pixel art and synthesised sound; play online or on this
machine.")
set(CPACK_DEBIAN_SERVER_PACKAGE_CONTROL_EXTRA
  "${PROJECT_SOURCE_DIR}/packaging/debian/coyote-server/conffiles;${PROJECT_SOURCE_DIR}/packaging/debian/coyote-server/postinst;${PROJECT_SOURCE_DIR}/packaging/debian/coyote-server/prerm;${PROJECT_SOURCE_DIR}/packaging/debian/coyote-server/postrm")
set(CPACK_DEBIAN_SERVER_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
include(CPack)
