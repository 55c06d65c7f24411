#pragma once

#include <string>
#include <vector>

#include "client/app/settings/client_config.h"
#include "client/core/server_query.h"
#include "listing/server_list.h"
#include "wire/protocol.h"

namespace coyote {

/// The server browser's tabs (docs/playing.md#the-server-browser).
enum class BrowserTab { Internet, Lan, Favourites, Recent };
inline constexpr int kBrowserTabs = 4;
const char* tabName(BrowserTab tab);

/// One server as the browser shows it: what it answered itself when it did, else what its
/// master said; the room columns are those of the room the player would join.
struct BrowserRow {
  std::string address;  ///< "host:port", what the player connects to
  net::ServerInfo info;
  double pingMs = -1.0;  ///< -1: it has not answered (yet)
  bool favourite = false;
  std::string level = {};  ///< of the room the player would join
  std::string mode = {};
  int players = 0;
  int capacity = 0;

  bool answered() const { return pingMs >= 0.0; }
  /// It answered, and speaks another protocol than this client: shown greyed with the version
  /// it needs, not joined (and refused).
  bool otherProtocol() const { return answered() && info.protocolVersion != net::kProtocolVersion; }
  bool full() const { return capacity > 0 && players >= capacity; }
};

/// Where a tab's servers come from.
struct BrowserSources {
  const std::vector<ServerListing>& heard;  ///< every server that answered the info query
  const std::vector<listing::ListedServer>& internet;  ///< the masters' lists, merged
  const std::vector<std::string>& favourites;
  const std::vector<std::string>& recent;
  const std::string& room;  ///< the room the player would join (the connect screen's)
};

/// The rows of `tab`, unfiltered: Internet, the masters' servers; LAN, the servers that answered
/// the broadcast; Favourites and Recent, the player's lists (a server that has not answered is
/// listed too, without a ping).
std::vector<BrowserRow> browserRows(BrowserTab tab, const BrowserSources& sources);

/// Keeps the rows the settings' filters and `search` (case-insensitive, in the name, level,
/// mode or address) let through, sorted by the settings' order: ping (the unanswered last),
/// players (most first), or name; ties by address.
void filterAndSort(std::vector<BrowserRow>& rows, const BrowserSettings& settings,
                   const std::string& search);

}  // namespace coyote
