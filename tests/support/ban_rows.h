#pragma once
// What every records database must do with bans (records_store.h), for the SQLite and the
// PostgreSQL tests alike.
#include <gtest/gtest.h>

#include "server/records/records_store.h"

namespace coyote::test {

/// Bans are kept by kind and key, replaced, deleted, and the ended ones forgotten.
inline void checkBanRows(RecordsStore& store) {
  const std::string hostile = R"({"kind":"name","value":"'); DROP TABLE bans;--"})";
  store.putBan({"address", "10.0.0.1", 0, R"({"kind":"address"})"});
  store.putBan({"name", "wile", 2000, R"({"kind":"name","value":"Wile"})"});
  store.putBan({"name", "'); drop table bans;--", 0, hostile});
  store.putBan({"address", "10.0.0.2", 1500, "{}"});
  store.putBan({"address", "10.0.0.1", 3000, R"({"replaced":true})"});  // the same key again
  store.deleteBan("name", "nobody");                                    // not there: nothing
  std::vector<BanRow> live = store.liveBans(1000, 100);
  ASSERT_EQ(live.size(), 4u);
  EXPECT_EQ(live[0].key, "10.0.0.1");
  EXPECT_EQ(live[0].endsAt, 3000);
  EXPECT_EQ(live[0].entry, R"({"replaced":true})");
  EXPECT_EQ(live[2].entry, hostile) << "stored and read verbatim";
  store.deleteBan("name", "wile");
  live = store.liveBans(1600, 100);  // 10.0.0.2 ended at 1500
  ASSERT_EQ(live.size(), 2u);
  EXPECT_EQ(live[0].key, "10.0.0.1");
  EXPECT_EQ(live[1].kind, "name");
  EXPECT_EQ(store.liveBans(1600, 1).size(), 1u) << "bounded by the limit";
  EXPECT_EQ(store.liveBans(5000, 100).size(), 1u) << "only the ban for good is left";
}

}  // namespace coyote::test
