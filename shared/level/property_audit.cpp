#include "level/property_audit.h"

#include <algorithm>
#include <cctype>

namespace coyote {
namespace {

PropertyAudit*& activeAudit() {
  thread_local PropertyAudit* audit = nullptr;
  return audit;
}

std::string ownerKey(const Node& owner) {
  return owner.file + '\n' + owner.path;
}

// Optimal string alignment distance, case ignored: a swapped pair (`lenght`) is one edit.
std::size_t editDistance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) {
    d[i][0] = i;
  }
  for (std::size_t j = 0; j <= b.size(); ++j) {
    d[0][j] = j;
  }
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

// What the owner of a property is, for the message: the map, a tile, a layer or an object.
std::string ownerDescription(const Node& owner) {
  if (owner.path == "$") {
    return owner.has("tilecount") ? "the tileset" : "the map";
  }
  const std::string kind = typeOrClass(owner);
  if (owner.path.find(".tiles[") != std::string::npos) {
    return kind.empty() ? "a tile of no type" : fmt::format("a {} tile", shortenedForMessage(kind));
  }
  if (owner.has("objects") || owner.has("data") || owner.has("layers")) {
    return "a layer";
  }
  return kind.empty() ? "an object of no class" : fmt::format("a {}", shortenedForMessage(kind));
}

}  // namespace

void notePropertyRead(const Node& owner, std::string_view name) {
  PropertyAudit::noteRead(owner, name);
}

PropertyAudit::PropertyAudit() : outer_(activeAudit()) {
  activeAudit() = this;
}

PropertyAudit::~PropertyAudit() {
  activeAudit() = outer_;
}

void PropertyAudit::noteRead(const Node& owner, std::string_view name) {
  if (PropertyAudit* audit = activeAudit()) {
    audit->read_[ownerKey(owner)].emplace(name);
  }
}

// Where Tiled puts custom properties: the map (or a tileset file), its layers and their objects,
// its tilesets and their tiles. A fixed walk, not a recursive one: a hostile file nested a
// million deep costs nothing more.
void PropertyAudit::check(const Node& root) const {
  const auto each = [](const Node& parent, std::string_view key, const auto& visit) {
    if (parent.value.is_object() && parent.has(key) && parent.value.at(key).is_array()) {
      const Node list = parent.child(key);
      for (std::size_t i = 0; i < list.value.size(); ++i) {
        if (list.value.at(i).is_object()) {
          visit(list.at(i));
        }
      }
    }
  };
  const auto tileset = [&](const Node& set) {
    checkOwner(set);
    each(set, "tiles", [&](const Node& tile) { checkOwner(tile); });
  };
  tileset(root);  // the map itself (its tiles: none) or a tileset file
  each(root, "tilesets", tileset);
  each(root, "layers", [&](const Node& layer) {
    checkOwner(layer);
    each(layer, "objects", [&](const Node& object) { checkOwner(object); });
  });
}

void PropertyAudit::checkOwner(const Node& owner) const {
  if (!owner.value.is_object() || !owner.has("properties")) {
    return;
  }
  const auto found = read_.find(ownerKey(owner));
  const Node properties = owner.child("properties");
  for (std::size_t i = 0; i < properties.array().size(); ++i) {
    const Node entry = properties.at(i);
    const std::string name = entry.child("name").string();
    if (found != read_.end() && found->second.contains(name)) {
      continue;
    }
    std::vector<std::string> known;
    if (found != read_.end()) {
      known.assign(found->second.begin(), found->second.end());
    }
    const std::string nearest = closestName(name, known);
    entry.fail(fmt::format("unknown property `{}` on {}{}", shortenedForMessage(name),
                           ownerDescription(owner),
                           nearest.empty() ? "" : fmt::format("; did you mean `{}`?", nearest)));
  }
}

std::string shortenedForMessage(std::string_view text) {
  return text.size() <= kLongestComparedName
             ? std::string(text)
             : std::string(text.substr(0, kLongestComparedName)) + "…";
}

std::string closestName(std::string_view name, const std::vector<std::string>& candidates) {
  if (name.size() > kLongestComparedName) {
    return {};
  }
  std::string best;
  std::size_t bestDistance = std::max<std::size_t>(2, name.size() / 4) + 1;
  for (const std::string& candidate : candidates) {
    const std::size_t distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

}  // namespace coyote
