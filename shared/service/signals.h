#pragma once

namespace coyote::service {

/// SIGINT and SIGTERM ask a service to stop; SIGHUP, for one that reloads its settings, asks it
/// to read them again. The handlers only set a flag the service's loop looks at.
void installSignals(bool reload);
/// Whether SIGINT or SIGTERM came.
bool stopRequested();
/// Whether SIGHUP came since the last call (several between two calls count once).
bool takeReloadRequest();

}  // namespace coyote::service
