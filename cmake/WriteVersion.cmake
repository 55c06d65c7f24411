# cmake -DSOURCE_DIR=… -DSUFFIX=… -DOUTPUT=… -P cmake/WriteVersion.cmake: writes the build's
# version (CoyoteVersion.cmake) into OUTPUT as the definition of coyote::buildVersion(), and only
# when it changed, so that a build of the same commit compiles nothing again. Without OUTPUT it
# prints the version (scripts that name files after it: packaging/windows_zip.sh).
include("${CMAKE_CURRENT_LIST_DIR}/CoyoteVersion.cmake")
coyote_version("${SOURCE_DIR}" "${SUFFIX}" version)
if(NOT OUTPUT)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E echo "${version}")
  return()
endif()
set(text "// Made by cmake/WriteVersion.cmake at each build; not in the repository.
#include \"version/build_version.h\"

namespace coyote {

std::string_view buildVersion() { return \"${version}\"; }

}  // namespace coyote
")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
