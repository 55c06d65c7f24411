#pragma once

// One field list per record (the DDNet `tuning.h` idea): a record names each of its fields once,
// in an X-macro entry carrying the type, the name, the default, the unit and a description. The
// members, `forEachField`, and so the hash encoding, `differingFields`, the wire format and (for
// settings) the TOML loader and the range checks are all expanded from that one list.
//
//   #define COYOTE_THING_FIELDS(FIELD) FIELD(float, speed, 1.0f, "tiles/s", "how fast it goes")
//   struct Thing { COYOTE_RECORD(COYOTE_THING_FIELDS) };
//
// `forEachField(self, visit)` calls `visit(info, self.field)` in list order, for const and
// non-const records alike; `info` is a FieldInfo (or a SettingInfo for settings).
// `forEachFieldPair(a, b, visit)` calls `visit(info, a.field, b.field)`, to compare two records.

#include <array>
#include <cstddef>
#include <type_traits>

namespace coyote {

/// What a record says about one of its fields, beside the field itself.
struct FieldInfo {
  const char* name;         ///< as in the code; what `differingFields` reports
  const char* unit;         ///< "" for counts, flags and enumerations
  const char* description;  ///< one line: the effect of the field
};

/// A tunable: a field with the file section and key that set it, and its valid range
/// (inclusive at both ends). The TOML loader and the wire decoder check the same range.
template <class T>
struct SettingInfo : FieldInfo {
  const char* section;  ///< TOML table, e.g. "physics"
  const char* key;      ///< TOML key, e.g. "player_width"
  T min;
  T max;
};

// clang-format 14 mangles concepts and requires-expressions: this part is laid out by hand.
// clang-format off
/// A type declared with COYOTE_RECORD or COYOTE_SETTINGS.
template <class T>
concept FieldRecord = requires { typename T::FieldListTag; };

template <class T>
struct IsSlotArray : std::false_type {};
template <class Record, std::size_t Capacity>
struct IsSlotArray<std::array<Record, Capacity>>
    : std::bool_constant<FieldRecord<Record> && requires(Record r) { r.active = true; }> {};

/// A fixed array of records with an `active` flag: only the active slots exist. The hash and the
/// wire carry each active slot as (index, fields); inactive slots carry nothing.
template <class T>
concept SlotArray = IsSlotArray<T>::value;
// clang-format on

}  // namespace coyote

/// Declares the member for one field-list entry.
#define COYOTE_DECLARE_FIELD(type, name, initial, unit, description) type name = initial;

/// Visits one field-list entry.
#define COYOTE_VISIT_FIELD(type, name, initial, unit, description) \
  visit(::coyote::FieldInfo{#name, unit, description}, self.name);

/// The members of a record, `forEachField` and `forEachFieldPair`, expanding `FIELDS` with the
/// given per-entry macros (shared by records and settings).
#define COYOTE_FIELD_LIST_MEMBERS(FIELDS, DECLARE, VISIT, VISIT_PAIR) \
  using FieldListTag = void;                                          \
  FIELDS(DECLARE)                                                     \
  template <class Self, class Visitor>                                \
  static void forEachField(Self& self, Visitor&& visit) {             \
    FIELDS(VISIT)                                                     \
  }                                                                   \
  template <class Self, class Visitor>                                \
  static void forEachFieldPair(Self& a, Self& b, Visitor&& visit) {   \
    FIELDS(VISIT_PAIR)                                                \
  }

/// The members of a record and its visitors, from one field list.
#define COYOTE_RECORD(FIELDS)                                                 \
  COYOTE_FIELD_LIST_MEMBERS(FIELDS, COYOTE_DECLARE_FIELD, COYOTE_VISIT_FIELD, \
                            COYOTE_VISIT_FIELD_PAIR)

/// Declares the member for one setting-list entry.
#define COYOTE_DECLARE_SETTING(section, key, type, name, initial, min, max, unit, description) \
  type name = initial;

/// Visits one field-list entry of two records at once.
#define COYOTE_VISIT_FIELD_PAIR(type, name, initial, unit, description) \
  visit(::coyote::FieldInfo{#name, unit, description}, a.name, b.name);

/// Visits one setting-list entry.
#define COYOTE_VISIT_SETTING(section, key, type, name, initial, min, max, unit, description) \
  visit(::coyote::SettingInfo<type>{{#name, unit, description}, #section, #key, min, max},   \
        self.name);

/// Visits one setting-list entry of two records at once.
#define COYOTE_VISIT_SETTING_PAIR(section, key, type, name, initial, min, max, unit, description)  \
  visit(::coyote::SettingInfo<type>{{#name, unit, description}, #section, #key, min, max}, a.name, \
        b.name);

/// The members of a settings record and its visitors, from one setting list.
#define COYOTE_SETTINGS(FIELDS)                                                   \
  COYOTE_FIELD_LIST_MEMBERS(FIELDS, COYOTE_DECLARE_SETTING, COYOTE_VISIT_SETTING, \
                            COYOTE_VISIT_SETTING_PAIR)
