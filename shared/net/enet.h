#pragma once

// ENet's header, as every part includes it (on Windows it brings <windows.h>, as spdlog does:
// cmake/Dependencies.cmake defines WIN32_LEAN_AND_MEAN and NOMINMAX, and no identifier of ours
// is named `near` or `far`, which <windows.h> defines away).
#include <enet/enet.h>

// enet_address_set_host_ip came with ENet 1.3.14; the Windows build's ENet is 1.3.13
// (scripts/windows_deps says why). There enet_address_set_host answers a dotted address without
// asking any resolver; a name is refused here, as enet_address_set_host_ip refuses it.
#if ENET_VERSION < ENET_VERSION_CREATE(1, 3, 14)
inline int enet_address_set_host_ip(ENetAddress* address, const char* hostName) {
  for (const char* c = hostName; *c != '\0'; ++c) {
    if ((*c < '0' || *c > '9') && *c != '.') {
      return -1;
    }
  }
  return enet_address_set_host(address, hostName);
}
#endif
