// Registrations the master must refuse (docs/master.md#registering): an address where no server
// answers, another's address, and one IP registering a thousand times.

#include <gtest/gtest.h>

#include "support/coyote_processes.h"
#include "support/master_process.h"

namespace coyote {
namespace {

using test::FakeGameServer;
using test::MasterProcess;
using test::secondsUntil;

TEST(MasterAttack, ARegistrationForAnAddressWhereNoServerAnswersIsNeverListed) {
  MasterProcess master;
  listing::Registration registration;
  registration.port = 9;  // the discard port: nothing there carries a token back
  registration.challenge.fill(0x42);
  registration.info = test::fakeInfo("nobody home");
  const test::HttpAnswer first =
      test::registerFrom(master.port, "127.0.0.5", listing::registrationJson(registration));
  EXPECT_EQ(first.status, 202) << first.body;
  // Tokens guessed: all zero, and one for another challenge from a real exchange.
  FakeGameServer real("127.0.0.6");
  ASSERT_EQ(real.prove(master.port).status, 200);
  registration.token = listing::Token{};
  EXPECT_EQ(
      test::registerFrom(master.port, "127.0.0.5", listing::registrationJson(registration)).status,
      202);
  registration.token = real.registration().token;
  EXPECT_EQ(
      test::registerFrom(master.port, "127.0.0.5", listing::registrationJson(registration)).status,
      202);
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const nlohmann::json servers = master.servers();
  ASSERT_EQ(servers.size(), 1u) << servers.dump();
  EXPECT_EQ(servers[0]["address"], "127.0.0.6:" + std::to_string(real.port()));
}

TEST(MasterAttack, ASecondIpCannotRegisterAnotherServersAddress) {
  MasterProcess master;
  test::TempDirectory directory;
  test::ScopedEnvironment environment{{"COYOTE_SERVER_MASTERS", master.url()},
                                      {"COYOTE_SERVER_NAME", "the real one"}};
  test::ServerProcess server(directory, (directory.path() / "game.rpl").string());
  ASSERT_TRUE(secondsUntil([&] { return !master.server(server.port).is_null(); }, 20.0));

  listing::Registration forged;
  forged.port = static_cast<std::uint16_t>(server.port);
  forged.address = "127.0.0.1";
  forged.challenge.fill(0x13);
  forged.info = test::fakeInfo("an impostor");
  const test::HttpAnswer answer =
      test::registerFrom(master.port, "127.0.0.7", listing::registrationJson(forged));
  EXPECT_EQ(answer.status, 409) << answer.body;
  EXPECT_NE(answer.body.find("listed by another server"), std::string::npos) << answer.body;
  forged.token = listing::Token{};
  EXPECT_EQ(test::registerFrom(master.port, "127.0.0.7", listing::registrationJson(forged)).status,
            409);
  EXPECT_EQ(master.server(server.port)["info"]["name"], "the real one");
  EXPECT_EQ(master.metric("coyote_master_registrations_total{outcome=\"refused\"}"), 2.0);
}

TEST(MasterAttack, AThousandRegistrationsFromOneIpAreCapped) {
  MasterProcess master(45.0, 0,
                       {{"COYOTE_MASTER_REGISTRATIONS_PER_MINUTE", "100"},
                        {"COYOTE_MASTER_SERVERS_PER_ADDRESS", "8"}});
  int accepted = 0;
  int limited = 0;
  listing::Registration registration;
  registration.challenge.fill(0x77);
  registration.info = test::fakeInfo("flood");
  for (int i = 0; i < 1000; ++i) {
    registration.port = static_cast<std::uint16_t>(20000 + i);
    const int status =
        test::registerFrom(master.port, "127.0.0.8", listing::registrationJson(registration))
            .status;
    accepted += status == 202 ? 1 : 0;
    limited += status == 429 ? 1 : 0;
  }
  std::printf("figure: of 1000 registrations from one IP, %d were answered and %d limited\n",
              accepted, limited);
  EXPECT_EQ(accepted, 64);  // master.tokens_per_minute to 127.0.0.8, whatever the port
  EXPECT_EQ(accepted + limited, 1000);
  EXPECT_EQ(master.metric("coyote_master_registrations_total{outcome=\"token_sent\"}"), 64.0);
  EXPECT_TRUE(master.servers().empty());

  // Twelve real (fake) servers at one address, each proving its port: eight are listed.
  std::vector<std::unique_ptr<FakeGameServer>> fakes;
  int listed = 0;
  int refused = 0;
  for (int i = 0; i < 12; ++i) {
    fakes.push_back(std::make_unique<FakeGameServer>("127.0.0.9"));
    const int status = fakes.back()->prove(master.port).status;
    listed += status == 200 ? 1 : 0;
    refused += status == 429 ? 1 : 0;
  }
  EXPECT_EQ(listed, 8);
  EXPECT_EQ(refused, 4);
  EXPECT_TRUE(secondsUntil([&] { return master.servers().size() == 8; }, 3.0))  // list_interval
      << master.servers().dump();
}

}  // namespace
}  // namespace coyote
