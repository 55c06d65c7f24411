#pragma once

// A TLS reverse proxy in front of a master (tests/support/tls_front.py), as docs/master.md
// tells a host to run one: a certificate of its own for 127.0.0.1 and localhost, made here with
// the openssl command, which clients trust through SSL_CERT_FILE.

#include <string>

#include <gtest/gtest.h>

#include "support/child_process.h"
#include "support/run_command.h"
#include "support/temp_file.h"

namespace coyote::test {

struct TlsFront {
  TempDirectory directory{"tls-front"};
  std::string certificate = makeCertificate(directory);
  ChildProcess process;
  int port;

  explicit TlsFront(int upstreamPort)
      : process({"/usr/bin/python3", std::string(COYOTE_SOURCE_DIR) + "/tests/support/tls_front.py",
                 certificate, (directory.path() / "key.pem").string(), std::to_string(upstreamPort),
                 (directory.path() / "port").string()},
                (directory.path() / "front.log").string()),
        port(waitForPort((directory.path() / "port").string())) {}

  std::string url() const { return "https://127.0.0.1:" + std::to_string(port); }

  /// A self-signed certificate (and its key beside it) for 127.0.0.1 and localhost.
  static std::string makeCertificate(const TempDirectory& directory) {
    const std::string certificate = (directory.path() / "certificate.pem").string();
    const CommandResult made = runCommand(
        "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=coyote-test -addext "
        "subjectAltName=IP:127.0.0.1,DNS:localhost -keyout " +
        (directory.path() / "key.pem").string() + " -out " + certificate + " 2>&1");
    EXPECT_EQ(made.exitCode, 0) << made.output;
    return certificate;
  }
};

}  // namespace coyote::test
