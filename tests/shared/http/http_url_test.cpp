// The http:// and https:// URLs a host writes (server.masters, --check-health): read into host,
// port and path, and every other form refused with the URL named.
#include "http/http_url.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace coyote::http {
namespace {

using ::testing::HasSubstr;

HttpUrl read(const std::string& url) {
  std::string problem;
  const std::optional<HttpUrl> parsed = parseHttpUrl(url, problem);
  EXPECT_TRUE(parsed) << url << ": " << problem;
  return parsed.value_or(HttpUrl{});
}

TEST(HttpUrl, ReadsTheHostThePortAndThePath) {
  const HttpUrl plain = read("http://master.example.org");
  EXPECT_EQ(plain.host, "master.example.org");
  EXPECT_EQ(plain.port, 80);
  EXPECT_EQ(plain.path, "");
  const HttpUrl full = read("http://127.0.0.1:9100/healthz?x=1");
  EXPECT_EQ(full.host, "127.0.0.1");
  EXPECT_EQ(full.port, 9100);
  EXPECT_EQ(full.path, "/healthz?x=1");
  const HttpUrl v6 = read("http://[::1]:8300/coyote");
  EXPECT_EQ(v6.host, "::1");
  EXPECT_EQ(v6.port, 8300);
  EXPECT_EQ(v6.path, "/coyote");
  EXPECT_FALSE(v6.secure);
}

TEST(HttpUrl, ReadsAnHttpsUrlAsSecureWithItsOwnPort) {
  const HttpUrl secure = read("https://master.example.org");
  EXPECT_TRUE(secure.secure);
  EXPECT_EQ(secure.port, 443);
  EXPECT_EQ(secure.host, "master.example.org");
  const HttpUrl ported = read("https://[::1]:8443/list");
  EXPECT_TRUE(ported.secure);
  EXPECT_EQ(ported.port, 8443);
  EXPECT_EQ(ported.path, "/list");
}

TEST(HttpUrl, RefusesEveryOtherFormNamingTheUrl) {
  for (const std::string url :
       {"ftp://master.example.org", "https//host", "master.example.org", "http://", "http://:80/",
        "http://host:", "http://host:0", "http://host:65536", "http://host:8o", "http://[::1",
        "http://[::1]x", "http://user@host/", "http://host /a", "http://ho\x01st"}) {
    std::string problem;
    EXPECT_FALSE(parseHttpUrl(url, problem)) << url;
    EXPECT_THAT(problem, HasSubstr("is not an http")) << url;
  }
  std::string problem;
  EXPECT_FALSE(parseHttpUrl("http://" + std::string(300, 'a'), problem));
  EXPECT_LT(problem.size(), 300u) << "a long URL is cut in the message";
}

}  // namespace
}  // namespace coyote::http
