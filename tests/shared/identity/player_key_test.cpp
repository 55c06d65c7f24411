// Player keys (docs/protocol.md#player-keys): a key file only its owner may read, a signature
// that holds for one cookie and one server address and for nothing else, fingerprints.
#include "identity/player_key.h"

#include <sys/stat.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "identity/hello_proof.h"
#include "support/refusal.h"
#include "support/temp_file.h"

namespace coyote::test {
namespace {

using identity::PlayerKey;
using ::testing::HasSubstr;

unsigned modeOf(const std::string& file) {
  struct stat info {};
  ::stat(file.c_str(), &info);
  return info.st_mode & 0777;
}

TEST(PlayerKey, IsMadeOnceKeptOwnerOnlyAndReadBackTheSame) {
  TempDirectory directory;
  const std::string file = (directory.path() / "settings" / "player.key").string();
  bool created = false;
  const PlayerKey made = PlayerKey::loadOrCreate(file, created);
  EXPECT_TRUE(created);
  EXPECT_EQ(modeOf(file), 0600u);
  const PlayerKey again = PlayerKey::loadOrCreate(file, created);
  EXPECT_FALSE(created);
  EXPECT_EQ(again.publicKey(), made.publicKey());
  EXPECT_NE(PlayerKey::generate().publicKey(), made.publicKey());
}

TEST(PlayerKey, AFileOthersCanReadOrThatIsNoKeyIsRefusedWithTheReason) {
  TempDirectory directory;
  const std::string file = (directory.path() / "player.key").string();
  PlayerKey::generate().save(file);
  ASSERT_EQ(::chmod(file.c_str(), 0640), 0);
  EXPECT_THAT(refusalOf([&] { PlayerKey::load(file); }),
              HasSubstr("mode 0640 lets other users read your player key; run chmod 600"));
  bool created = false;
  EXPECT_THAT(refusalOf([&] { PlayerKey::loadOrCreate(file, created); }), HasSubstr("mode 0640"))
      << "an unusable key is never replaced: it may be someone's only one";
  const std::string junk = directory.write("junk.key", "ed25519-seed 12345\n");
  ASSERT_EQ(::chmod(junk.c_str(), 0600), 0);
  EXPECT_THAT(refusalOf([&] { PlayerKey::load(junk); }), HasSubstr("not a player key file"));
  EXPECT_THAT(refusalOf([&] { PlayerKey::load((directory.path() / "none").string()); }),
              HasSubstr("No such file"));
}

TEST(HelloProof, HoldsForItsCookieAndServerOnly) {
  const PlayerKey key = PlayerKey::generate();
  const net::ServerEndpoint server = *identity::parseEndpoint("127.0.0.1:7777", 0);
  const net::HelloSignature signature = key.signHello(0xC00C1E, server);
  EXPECT_TRUE(identity::helloSignatureValid(key.publicKey(), signature, 0xC00C1E, server));
  EXPECT_FALSE(identity::helloSignatureValid(key.publicKey(), signature, 0xC00C1F, server))
      << "another cookie: another connection, or later";
  EXPECT_FALSE(identity::helloSignatureValid(key.publicKey(), signature, 0xC00C1E,
                                             *identity::parseEndpoint("127.0.0.1:7778", 0)))
      << "another server";
  EXPECT_FALSE(
      identity::helloSignatureValid(PlayerKey::generate().publicKey(), signature, 0xC00C1E, server))
      << "another key";
  EXPECT_EQ(identity::helloProofMessage(1, server).size(), 16u + 4u + 4u + 2u);
}

TEST(HelloProof, FingerprintsAndEndpointsAreReadAndWritten) {
  const std::string fingerprint = identity::keyFingerprint(PlayerKey::generate().publicKey());
  EXPECT_EQ(fingerprint.size(), 32u);
  EXPECT_EQ(identity::fingerprintProblem(fingerprint), "");
  EXPECT_THAT(identity::fingerprintProblem("abc"), HasSubstr("32 hex digits"));
  EXPECT_THAT(identity::fingerprintProblem(std::string(32, 'G')), HasSubstr("hex digits 0-9"));
  EXPECT_EQ(identity::endpointText(*identity::parseEndpoint("10.1.2.3:99", 7)), "10.1.2.3:99");
  EXPECT_EQ(identity::endpointText(*identity::parseEndpoint("10.1.2.3", 7)), "10.1.2.3:7");
  for (const char* bad : {"", "host:1", "10.1.2.3:0", "10.1.2.3:65536", "10.1.2.3:x", "1.2.3"}) {
    EXPECT_FALSE(identity::parseEndpoint(bad, 7)) << bad;
  }
}

}  // namespace
}  // namespace coyote::test
