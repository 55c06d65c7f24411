#include "http/tls_link.h"

#include <arpa/inet.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <utility>

#include <fmt/format.h>

namespace coyote::http {
namespace {

using platform::Clock;
using platform::StreamSocket;

struct SslFree {
  void operator()(SSL* ssl) const { SSL_free(ssl); }
};
using SslPointer = std::unique_ptr<SSL, SslFree>;

/// The context every link shares, made once and kept: its settings and the authorities it
/// trusts (read once, as OpenSSL programs do).
SSL_CTX* sharedContext() {
  static SSL_CTX* const context = [] {
    SSL_CTX* made = SSL_CTX_new(TLS_client_method());
    if (made != nullptr) {
      SSL_CTX_set_min_proto_version(made, TLS1_2_VERSION);
      SSL_CTX_set_verify(made, SSL_VERIFY_PEER, nullptr);
      SSL_CTX_set_default_verify_paths(made);  // SSL_CERT_FILE, SSL_CERT_DIR, else the system's
    }
    return made;
  }();
  return context;
}

/// OpenSSL's words for what failed last on this thread, its queue emptied.
std::string lastError() {
  const unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) {
    return "the connection closed";
  }
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  return text;
}

bool wantsIo(int error) {
  return error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE;
}

/// An HTTPS request's connection: what is sent is encrypted, what is read decrypted.
class TlsLink final : public Link {
 public:
  TlsLink(StreamSocket socket, SslPointer ssl) : socket_(std::move(socket)), ssl_(std::move(ssl)) {}

  bool sendAll(std::string_view bytes, Clock::time_point deadline) override {
    ERR_clear_error();
    while (!bytes.empty()) {
      std::size_t written = 0;
      const int result = SSL_write_ex(ssl_.get(), bytes.data(), bytes.size(), &written);
      if (result == 1) {
        bytes.remove_prefix(written);
        continue;
      }
      const int error = SSL_get_error(ssl_.get(), result);
      if (!wantsIo(error) || !socket_.waitFor(error == SSL_ERROR_WANT_WRITE, deadline)) {
        return false;
      }
    }
    return true;
  }

  // The end of the answer is the peer's close_notify; a connection cut without one is an error
  // (OpenSSL's "unexpected eof"), so an answer cannot be shortened on the way.
  StreamSocket::Received receive(char* buffer, std::size_t size,
                                 Clock::time_point deadline) override {
    ERR_clear_error();
    for (;;) {
      std::size_t read = 0;
      const int result = SSL_read_ex(ssl_.get(), buffer, size, &read);
      if (result == 1) {
        return {.bytes = read, .timedOut = false, .error = {}};
      }
      const int error = SSL_get_error(ssl_.get(), result);
      if (error == SSL_ERROR_ZERO_RETURN) {
        return {.bytes = 0, .timedOut = false, .error = {}};
      }
      if (!wantsIo(error)) {
        return {.bytes = 0, .timedOut = false, .error = lastError()};
      }
      if (!socket_.waitFor(error == SSL_ERROR_WANT_WRITE, deadline)) {
        return {.bytes = 0, .timedOut = true, .error = {}};
      }
    }
  }

 private:
  StreamSocket socket_;
  SslPointer ssl_;
};

/// Which name or address the certificate must carry, and the name the server is told (SNI,
/// which an address is not).
bool expectPeer(SSL* ssl, const std::string& host) {
  in6_addr address{};
  const bool literal = inet_pton(AF_INET, host.c_str(), &address) == 1 ||
                       inet_pton(AF_INET6, host.c_str(), &address) == 1;
  if (literal) {
    return X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host.c_str()) == 1;
  }
  return SSL_set_tlsext_host_name(ssl, host.c_str()) == 1 && SSL_set1_host(ssl, host.c_str()) == 1;
}

}  // namespace

std::unique_ptr<Link> connectTls(StreamSocket socket, const std::string& host,
                                 Clock::time_point deadline, std::string& why) {
  ERR_clear_error();
  SSL_CTX* const context = sharedContext();
  SslPointer ssl(context != nullptr ? SSL_new(context) : nullptr);
  if (!ssl || SSL_set_fd(ssl.get(), static_cast<int>(socket.handle())) != 1 ||
      !expectPeer(ssl.get(), host)) {
    why = fmt::format("OpenSSL could not set up the connection: {}", lastError());
    return nullptr;
  }
  for (;;) {
    const int result = SSL_connect(ssl.get());
    if (result == 1) {
      return std::make_unique<TlsLink>(std::move(socket), std::move(ssl));
    }
    const int error = SSL_get_error(ssl.get(), result);
    if (!wantsIo(error)) {
      const long verified = SSL_get_verify_result(ssl.get());
      why = verified != X509_V_OK
                ? fmt::format("the certificate of {} is refused: {}", host,
                              X509_verify_cert_error_string(verified))
                : fmt::format("the TLS handshake with {} failed: {}", host, lastError());
      return nullptr;
    }
    if (!socket.waitFor(error == SSL_ERROR_WANT_WRITE, deadline)) {
      why = fmt::format("no TLS handshake with {} in time", host);
      return nullptr;
    }
  }
}

}  // namespace coyote::http
