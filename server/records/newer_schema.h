#pragma once

#include <string>

#include "service/refused_to_start.h"

namespace coyote {

/// A records database whose schema is newer than this server's (docs/hosting.md#upgrading): a
/// newer coyote-server wrote it, and this one would misread it (it would read none of its bans
/// and let everyone banned there back in), so the server does not start on it and leaves it as
/// it is. The message names both schema versions and the two ways back.
class NewerSchemaError : public service::RefusedToStart {
 public:
  /// `writer`: the version of the server that last opened it, if it says ("").
  NewerSchemaError(const std::string& database, int version, const std::string& writer = "");
};

}  // namespace coyote
