#include "identity/hello_proof.h"

#include <charconv>
#include <cstring>

#include <fmt/format.h>
#include <sodium.h>

#include "platform/inet.h"

namespace coyote::identity {
namespace {

// Names what the signature is for, so that no other signature a key makes can pass for it.
constexpr char kContext[] = "coyote hello v1:";
constexpr std::size_t kFingerprintBytes = 16;

}  // namespace

std::string helloProofMessage(std::uint32_t cookie, const net::ServerEndpoint& server) {
  std::string message(kContext, sizeof(kContext) - 1);
  const auto append = [&message](auto value) {
    char bytes[sizeof(value)];
    std::memcpy(bytes, &value, sizeof(value));  // little-endian on every target (wire_archive.h)
    message.append(bytes, sizeof(value));
  };
  append(cookie);
  append(server.host);
  append(server.port);
  return message;
}

bool helloSignatureValid(const net::PlayerPublicKey& key, const net::HelloSignature& signature,
                         std::uint32_t cookie, const net::ServerEndpoint& server) {
  if (sodium_init() < 0) {
    return false;
  }
  const std::string message = helloProofMessage(cookie, server);
  return crypto_sign_verify_detached(signature.bytes.data(),
                                     reinterpret_cast<const unsigned char*>(message.data()),
                                     message.size(), key.bytes.data()) == 0;
}

std::optional<net::ServerEndpoint> parseEndpoint(std::string_view text, std::uint16_t defaultPort) {
  const std::size_t colon = text.find(':');
  const std::string host(text.substr(0, colon));
  net::ServerEndpoint endpoint{0, defaultPort};
  in_addr parsed{};
  if (host.size() > 15 || inet_pton(AF_INET, host.c_str(), &parsed) != 1) {
    return std::nullopt;
  }
  endpoint.host = parsed.s_addr;  // network byte order, as ENet holds it
  if (colon != std::string_view::npos) {
    const std::string_view digits = text.substr(colon + 1);
    unsigned port = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
    if (error != std::errc() || end != digits.data() + digits.size() || port == 0 || port > 65535) {
      return std::nullopt;
    }
    endpoint.port = static_cast<std::uint16_t>(port);
  }
  return endpoint;
}

std::string endpointText(const net::ServerEndpoint& endpoint) {
  char host[INET_ADDRSTRLEN] = {};
  in_addr address{};
  address.s_addr = endpoint.host;
  inet_ntop(AF_INET, &address, host, sizeof(host));
  return fmt::format("{}:{}", host, endpoint.port);
}

std::string keyFingerprint(const net::PlayerPublicKey& key) {
  unsigned char hash[kFingerprintBytes];
  crypto_generichash(hash, sizeof(hash), key.bytes.data(), key.bytes.size(), nullptr, 0);
  std::string text;
  for (const unsigned char byte : hash) {
    text += fmt::format("{:02x}", byte);
  }
  return text;
}

std::string fingerprintProblem(const std::string& text) {
  if (text.size() != 2 * kFingerprintBytes) {
    return fmt::format("a key fingerprint has {} hex digits, not {}", 2 * kFingerprintBytes,
                       text.size());
  }
  for (const char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
      return "a key fingerprint has only the hex digits 0-9 and a-f";
    }
  }
  return "";
}

}  // namespace coyote::identity
