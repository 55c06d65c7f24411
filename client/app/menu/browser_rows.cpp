#include "client/app/menu/browser_rows.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace coyote {
namespace {

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

/// The room `wanted`, else main, else the first: where a join lands.
const net::RoomInfo* roomToJoin(const net::ServerInfo& info, const std::string& wanted) {
  const net::RoomInfo* main = nullptr;
  for (const net::RoomInfo& room : info.rooms) {
    if (room.name == wanted) {
      return &room;
    }
    main = room.name == "main" ? &room : main;
  }
  return main != nullptr ? main : (info.rooms.empty() ? nullptr : &info.rooms.front());
}

BrowserRow rowOf(const std::string& address, const net::ServerInfo& info, double pingMs,
                 const BrowserSources& sources) {
  BrowserRow row{address, info, pingMs};
  row.favourite = std::find(sources.favourites.begin(), sources.favourites.end(), address) !=
                  sources.favourites.end();
  if (const net::RoomInfo* room = roomToJoin(info, sources.room)) {
    row.level = room->level;
    row.mode = room->mode;
    row.players = room->players;
    row.capacity = room->maxPlayers;
  } else {
    row.players = info.players;
    row.capacity = info.maxPlayers;
  }
  return row;
}

bool matches(const BrowserRow& row, const std::string& search) {
  if (search.empty()) {
    return true;
  }
  for (const std::string* field : {&row.info.name, &row.level, &row.mode, &row.address}) {
    if (lowered(*field).find(search) != std::string::npos) {
      return true;
    }
  }
  return false;
}

}  // namespace

const char* tabName(BrowserTab tab) {
  static constexpr const char* kNames[] = {"Internet", "LAN", "Favourites", "Recent"};
  return kNames[static_cast<int>(tab)];
}

std::vector<BrowserRow> browserRows(BrowserTab tab, const BrowserSources& sources) {
  std::unordered_map<std::string, const ServerListing*> heard;
  for (const ServerListing& listing : sources.heard) {
    heard.emplace(listing.address, &listing);
  }
  std::vector<BrowserRow> rows;
  const auto add = [&](const std::string& address, const net::ServerInfo& fallback) {
    const auto found = heard.find(address);
    rows.push_back(found == heard.end()
                       ? rowOf(address, fallback, -1.0, sources)
                       : rowOf(address, found->second->info, found->second->pingMs, sources));
  };
  // Until a server answers, the address is all there is to show: a master's list says where
  // servers are, not what they are (what it lists is the servers' own claim).
  const auto unanswered = [](const std::string& address) {
    net::ServerInfo unknown;
    unknown.name = address;
    return unknown;
  };
  switch (tab) {
    case BrowserTab::Internet:
      for (const listing::ListedServer& server : sources.internet) {
        add(server.address(), unanswered(server.address()));
      }
      break;
    case BrowserTab::Lan:
      for (const ServerListing& listing : sources.heard) {
        if (listing.lan) {
          rows.push_back(rowOf(listing.address, listing.info, listing.pingMs, sources));
        }
      }
      break;
    case BrowserTab::Favourites:
    case BrowserTab::Recent:
      for (const std::string& address :
           tab == BrowserTab::Favourites ? sources.favourites : sources.recent) {
        add(address, unanswered(address));
      }
      break;
  }
  return rows;
}

void filterAndSort(std::vector<BrowserRow>& rows, const BrowserSettings& settings,
                   const std::string& search) {
  const std::string needle = lowered(search);
  std::erase_if(rows, [&](const BrowserRow& row) {
    return (settings.hideFull && row.full()) ||
           (settings.hideEmpty && row.answered() && row.info.players == 0) ||
           (settings.hidePassword && row.info.password) || !matches(row, needle);
  });
  const auto byPing = [](const BrowserRow& a, const BrowserRow& b) {
    return std::pair(!a.answered(), a.pingMs) < std::pair(!b.answered(), b.pingMs);
  };
  std::stable_sort(rows.begin(), rows.end(),
                   [](const BrowserRow& a, const BrowserRow& b) { return a.address < b.address; });
  switch (settings.sort) {
    case BrowserSort::Ping:
      std::stable_sort(rows.begin(), rows.end(), byPing);
      break;
    case BrowserSort::Players:
      std::stable_sort(rows.begin(), rows.end(), [](const BrowserRow& a, const BrowserRow& b) {
        return a.info.players > b.info.players;
      });
      break;
    case BrowserSort::Name:
      std::stable_sort(rows.begin(), rows.end(), [](const BrowserRow& a, const BrowserRow& b) {
        return lowered(a.info.name) < lowered(b.info.name);
      });
      break;
  }
}

}  // namespace coyote
