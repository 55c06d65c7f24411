#include "service/signals.h"

#include <atomic>
#include <csignal>

namespace coyote::service {
namespace {

std::atomic<bool> stopFlag{false};
std::atomic<bool> reloadFlag{false};

void requestStop(int) {
  stopFlag.store(true);
}

void requestReload(int) {
  reloadFlag.store(true);
}

}  // namespace

void installSignals(bool reload) {
  std::signal(SIGINT, requestStop);
  std::signal(SIGTERM, requestStop);
  if (reload) {
    std::signal(SIGHUP, requestReload);
  }
}

bool stopRequested() {
  return stopFlag.load();
}

bool takeReloadRequest() {
  return reloadFlag.exchange(false);
}

}  // namespace coyote::service
