#include "platform/open_files.h"

namespace coyote::platform {

// Winsock sockets are kernel handles, limited by memory rather than by a count per process.
void allowManyOpenFiles() {}

}  // namespace coyote::platform
