#pragma once
// What every records database must do with the owners of names (records_store.h), for the SQLite
// and the PostgreSQL tests alike.
#include <gtest/gtest.h>

#include "server/records/records_store.h"

namespace coyote::test {

/// The first key to claim a name owns it; another's claim leaves it so; a release frees it for
/// the next claim. Names are stored verbatim.
inline void checkNameOwners(RecordsStore& store) {
  const std::string ada(32, 'a');
  const std::string mallory(32, 'b');
  EXPECT_EQ(store.claimName({"ada", ada, "Ada", 100}), ada);
  EXPECT_EQ(store.claimName({"ada", mallory, "ADA", 200}), ada) << "the first key keeps it";
  EXPECT_EQ(store.claimName({"'); drop table name_owners;--", mallory, "x", 300}), mallory);
  std::vector<NameOwnerRow> owners = store.nameOwners(10);
  ASSERT_EQ(owners.size(), 2u);
  EXPECT_EQ(owners[0].nameKey, "ada");
  EXPECT_EQ(owners[0].name, "Ada");
  EXPECT_EQ(owners[0].fingerprint, ada);
  EXPECT_EQ(owners[1].nameKey, "'); drop table name_owners;--") << "stored verbatim";
  EXPECT_EQ(store.nameOwners(1).size(), 1u) << "bounded by the limit";
  EXPECT_TRUE(store.releaseName("ada"));
  EXPECT_FALSE(store.releaseName("ada")) << "nobody owns it any more";
  EXPECT_EQ(store.claimName({"ada", mallory, "ADA", 400}), mallory) << "the next claim has it";
}

}  // namespace coyote::test
