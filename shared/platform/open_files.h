#pragma once

namespace coyote::platform {

/// Lets this process open as many files and sockets as the system allows it (coyote-bot runs
/// hundreds of clients in one process): on Linux the soft RLIMIT_NOFILE goes up to the hard one
/// (open_files_posix.cpp); Windows has no such per-process limit on sockets, so nothing there
/// (open_files_windows.cpp).
void allowManyOpenFiles();

}  // namespace coyote::platform
