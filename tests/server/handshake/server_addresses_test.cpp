// The addresses a Hello may be signed for (docs/protocol.md#player-keys).
#include "server/handshake/server_addresses.h"

#include <gtest/gtest.h>

#include "identity/hello_proof.h"

namespace coyote::test {
namespace {

net::ServerEndpoint at(const char* text) {
  return *identity::parseEndpoint(text, 0);
}

TEST(ServerAddresses, LoopbackAndInterfacesOnItsPortAndThePublicOnesAreItsOwn) {
  ServerAddresses any({"203.0.113.5:7000", "198.51.100.7"}, 0, 7777);
  EXPECT_TRUE(any.contains(at("127.0.0.1:7777"), 0.0));
  EXPECT_TRUE(any.contains(at("127.8.9.10:7777"), 0.0)) << "all of 127/8 is loopback";
  EXPECT_TRUE(any.contains(at("127.0.0.1:7700"), 0.0)) << "a proxy on the client's own machine";
  EXPECT_FALSE(any.contains(at("198.51.100.8:7777"), 0.0)) << "another machine";
  EXPECT_TRUE(any.contains(at("203.0.113.5:7000"), 0.0)) << "a published port";
  EXPECT_FALSE(any.contains(at("203.0.113.5:7777"), 0.0));
  EXPECT_TRUE(any.contains(at("198.51.100.7:7777"), 0.0)) << "no port: the server's own";
  EXPECT_FALSE(any.contains(at("192.0.2.1:7777"), 0.0));
  EXPECT_FALSE(any.contains(at("192.0.2.1:7777"), 20.0)) << "not even after reading again";
  EXPECT_EQ(ServerAddresses::refusal(at("192.0.2.1:7777")),
            "this server is not at 192.0.2.1:7777 as far as it knows: your Hello was signed for "
            "another server (its host may add the address to server.public_addresses)");
}

TEST(ServerAddresses, BoundToOneAddressOnlyThatOneIsItsOwn) {
  ServerAddresses bound({}, at("10.0.0.5").host, 7777);
  EXPECT_TRUE(bound.contains(at("10.0.0.5:7777"), 0.0));
  EXPECT_FALSE(bound.contains(at("10.0.0.6:7777"), 0.0));
  EXPECT_FALSE(bound.contains(at("10.0.0.5:7778"), 0.0));
  EXPECT_FALSE(bound.contains(at("127.0.0.1:7777"), 0.0)) << "not listening there";
}

}  // namespace
}  // namespace coyote::test
