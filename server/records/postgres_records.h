#pragma once

#include <memory>
#include <string>

#include "server/records/records_store.h"

namespace coyote {

/// The records in a PostgreSQL database that a fleet of servers shares (one leaderboard), through
/// libpqxx. The migrations run under a lock, so servers starting together migrate once. Throws
/// std::runtime_error (without the URL, which may hold a password) when it cannot connect.
std::unique_ptr<RecordsStore> openPostgresRecords(const std::string& url);

}  // namespace coyote
