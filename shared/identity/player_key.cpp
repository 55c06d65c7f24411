#include "identity/player_key.h"

#include <filesystem>
#include <stdexcept>

#include <sodium.h>

#include <fmt/format.h>

#include "identity/hello_proof.h"
#include "io/bounded_file.h"
#include "io/config_error.h"
#include "io/utf8_path.h"
#include "platform/private_file.h"

namespace coyote::identity {
namespace {

constexpr char kSeedLabel[] = "ed25519-seed ";
constexpr std::uintmax_t kMaxKeyFileBytes = 4096;

void initSodium() {
  if (sodium_init() < 0) {
    throw std::runtime_error("libsodium could not be initialized: no entropy for a player key");
  }
}

// Only its owner may read a key: like ssh, a key others can read is refused, not used.
void checkPrivate(const std::string& file) {
  if (const std::string problem = platform::privateFileProblem(file); !problem.empty()) {
    throw ConfigError(problem);
  }
}

std::array<std::uint8_t, 32> seedOf(const std::string& file, const std::string& text) {
  const std::size_t at = text.find(kSeedLabel);
  const std::size_t start = at + sizeof(kSeedLabel) - 1;
  std::array<std::uint8_t, 32> seed{};
  std::size_t length = 0;
  const char* end = nullptr;  // where the digits stop (the line's end)
  if (at == std::string::npos ||
      sodium_hex2bin(seed.data(), seed.size(), text.c_str() + start, text.size() - start, nullptr,
                     &length, &end) != 0 ||
      length != seed.size() || (*end != '\n' && *end != '\0')) {
    throw ConfigError(fmt::format(
        "{}: not a player key file (a line \"{}\" and 64 hex digits expected)", file, kSeedLabel));
  }
  return seed;
}

// The file's text: the seed in hex, and what the file is, for whoever opens it.
std::string keyFileText(const std::array<std::uint8_t, 32>& seed, const std::string& publicHex) {
  char hex[2 * 32 + 1];
  sodium_bin2hex(hex, sizeof(hex), seed.data(), seed.size());
  std::string text =
      "# Coyote player key: who you are on every server. Keep it secret (mode 0600);\n"
      "# copy this file to play as yourself on another machine (docs/playing.md).\n";
  text += fmt::format("# fingerprint {}\n{}{}\n", publicHex, kSeedLabel, hex);
  sodium_memzero(hex, sizeof(hex));
  return text;
}

}  // namespace

PlayerKey::PlayerKey(const std::array<std::uint8_t, 32>& seed) : seed_(seed) {
  initSodium();
  crypto_sign_seed_keypair(public_.bytes.data(), secret_.data(), seed_.data());
}

PlayerKey::~PlayerKey() {
  sodium_memzero(seed_.data(), seed_.size());
  sodium_memzero(secret_.data(), secret_.size());
}

PlayerKey PlayerKey::generate() {
  initSodium();
  std::array<std::uint8_t, 32> seed{};
  randombytes_buf(seed.data(), seed.size());
  PlayerKey key(seed);
  sodium_memzero(seed.data(), seed.size());
  return key;
}

PlayerKey PlayerKey::load(const std::string& file) {
  checkPrivate(file);
  std::string text = readBoundedFile(file, kMaxKeyFileBytes);
  std::array<std::uint8_t, 32> seed = seedOf(file, text);
  sodium_memzero(text.data(), text.size());
  PlayerKey key(seed);
  sodium_memzero(seed.data(), seed.size());
  return key;
}

PlayerKey PlayerKey::loadOrCreate(const std::string& file, bool& created) {
  std::error_code error;
  created = !std::filesystem::exists(std::filesystem::symlink_status(utf8Path(file), error));
  if (!created) {
    return load(file);
  }
  PlayerKey key = generate();
  key.save(file);
  return key;
}

void PlayerKey::save(const std::string& file) const {
  platform::writePrivateFile(file, keyFileText(seed_, keyFingerprint(public_)));
}

net::HelloSignature PlayerKey::signHello(std::uint32_t cookie,
                                         const net::ServerEndpoint& server) const {
  const std::string message = helloProofMessage(cookie, server);
  net::HelloSignature signature;
  crypto_sign_detached(signature.bytes.data(), nullptr,
                       reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                       secret_.data());
  return signature;
}

}  // namespace coyote::identity
