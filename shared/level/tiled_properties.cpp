#include "level/tiled_properties.h"

#include "level/level_properties.h"

namespace coyote {

float ranged(const Node& node, float min, float max) {
  const double value = node.number();
  if (!(value >= min && value <= max)) {
    node.fail(fmt::format("must be in [{}, {}], got {}", min, max, value));
  }
  return static_cast<float>(value);
}

float numberProperty(const Node& object, std::string_view name, float fallback) {
  const PropertySpec* spec = findPropertySpec(name);
  if (spec == nullptr || spec->type != PropertyType::Float) {
    object.fail(fmt::format("internal: `{}` is not a declared float property", name));
  }
  const std::optional<Node> value = findProperty(object, name);
  return value ? ranged(*value, static_cast<float>(spec->min), static_cast<float>(spec->max))
               : fallback;
}

float numberProperty(const Node& object, std::string_view name) {
  const PropertySpec* spec = findPropertySpec(name);
  return numberProperty(object, name, spec != nullptr ? static_cast<float>(spec->fallback) : 0.0f);
}

bool boolProperty(const Node& object, std::string_view name) {
  const std::optional<Node> value = findProperty(object, name);
  if (!value) {
    return false;
  }
  if (!value->value.is_boolean()) {
    value->fail("expected true or false");
  }
  return value->value.get<bool>();
}

Vec2 positionInTiles(const Node& object, TileScale scale, const Level& level) {
  const Vec2 position{
      ranged(object.child("x"), 0.0f, static_cast<float>(level.width()) * scale.width) /
          scale.width,
      ranged(object.child("y"), 0.0f, static_cast<float>(level.height()) * scale.height) /
          scale.height};
  return position;
}

// A body's size: the rectangle's, or the `width`/`height` properties (tiles), or 1×1.
Vec2 sizeInTiles(const Node& object, TileScale scale) {
  const auto side = [&](std::string_view key, float pixels) {
    if (object.has(key) && object.child(key).number() > 0.0) {
      const float tiles = static_cast<float>(object.child(key).number()) / pixels;
      if (!(tiles >= kMinBodySide && tiles <= kMaxBodySide)) {
        object.child(key).fail(
            fmt::format("a body is {} to {} tiles wide and high", kMinBodySide, kMaxBodySide));
      }
      return tiles;
    }
    return numberProperty(object, key);
  };
  return {side("width", scale.width), side("height", scale.height)};
}

const Node* findObject(const Node& objects, std::int64_t id, std::optional<Node>& storage) {
  for (std::size_t i = 0; i < objects.array().size(); ++i) {
    const Node object = objects.at(i);
    if (object.has("id") && object.child("id").value == id) {
      storage.emplace(object);
      return &*storage;
    }
  }
  return nullptr;
}

}  // namespace coyote
