#pragma once

// inet_pton and inet_ntop (IPv4 text to bytes and back): POSIX's <arpa/inet.h> on Linux,
// Winsock's <ws2tcpip.h> on Windows.
#ifdef _WIN32
#include <winsock2.h>
#include <ws2tcpip.h>
#else
#include <arpa/inet.h>
#endif
