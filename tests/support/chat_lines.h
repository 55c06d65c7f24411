#pragma once

#include <string>
#include <vector>

#include "client/core/client_session.h"

namespace coyote::test {

/// The texts of `client`'s chat lines of `kind` (and from `name`, if given), oldest first.
inline std::vector<std::string> linesOf(const ClientSession& client, net::ChatKind kind,
                                        const std::string& name = "") {
  std::vector<std::string> texts;
  for (const ChatEntry& entry : client.chat().lines()) {
    if (entry.kind == kind && (name.empty() || entry.name == name)) {
      texts.push_back(entry.text);
    }
  }
  return texts;
}

}  // namespace coyote::test
