// Who sent a request behind reverse proxies (the admin API, the master): X-Forwarded-For is
// believed only as far as the proxies a host trusts wrote it.
#include "http/forwarded_client.h"

#include <gtest/gtest.h>

namespace coyote {
namespace {

HttpServer::Request from(const std::string& peer, const std::string& forwardedFor) {
  HttpServer::Request request;
  request.address = peer;
  request.forwardedFor = forwardedFor;
  return request;
}

TEST(ForwardedClient, BelievesTheHeaderAsFarAsTrustedProxiesWroteIt) {
  const std::vector<std::string> proxies{"10.0.0.1", "10.0.0.2"};
  EXPECT_EQ(forwardedClient(from("203.0.113.9", "198.51.100.1"), proxies), "203.0.113.9")
      << "a peer that is no proxy says nothing of others";
  EXPECT_EQ(forwardedClient(from("10.0.0.1", "198.51.100.1"), proxies), "198.51.100.1");
  EXPECT_EQ(forwardedClient(from("10.0.0.1", "6.6.6.6, 198.51.100.1, 10.0.0.2"), proxies),
            "198.51.100.1")
      << "what the client wrote before the proxies is its own lie";
  EXPECT_EQ(forwardedClient(from("10.0.0.1", "unknown"), proxies), "10.0.0.1");
  EXPECT_EQ(forwardedClient(from("10.0.0.1", ""), proxies), "10.0.0.1");
  EXPECT_EQ(forwardedClient(from("10.0.0.1", "198.51.100.1"), {}), "10.0.0.1");
}

TEST(ForwardedClient, TrustsOnlyAShortListOfAddresses) {
  EXPECT_EQ(trustedProxiesProblem({"10.0.0.1", "127.0.0.1"}), "");
  EXPECT_NE(trustedProxiesProblem({"proxy.example.org"}).find("not an IPv4 address"),
            std::string::npos);
  EXPECT_NE(trustedProxiesProblem(std::vector<std::string>(17, "10.0.0.1")).find("at most 16"),
            std::string::npos);
}

}  // namespace
}  // namespace coyote
