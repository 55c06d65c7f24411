#pragma once

#include "sim/state/slot_bits.h"

namespace coyote {

/// Which of the 256 character slots are in use, one bit each: what a step walks instead of the
/// slots themselves (a slot is a hundred bytes; walking all of them cost a one-player step half
/// its time). It is derived from `Character::active` — `addCharacter` and `removeCharacter` keep
/// it, a decoded state rebuilds it — so it is neither hashed nor sent.
using CharacterRoster = SlotBits<256>;

/// A set of character slots (a phase's findings about some of them).
using CharacterBits = SlotBits<256>;

}  // namespace coyote
