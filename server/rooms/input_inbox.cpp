#include "server/rooms/input_inbox.h"

#include <algorithm>

#include <fmt/format.h>

namespace coyote {
namespace {

bool validInput(const PlayerInput& input) {
  return input.moveX >= -kAxisMax && input.moveY >= -kAxisMax &&
         (input.buttons & ~kAllButtons) == 0;
}

}  // namespace

InputInbox::Receipt InputInbox::receive(int slot, std::uint32_t firstTick,
                                        const std::vector<PlayerInput>& inputs,
                                        std::uint32_t serverTick, int maxInputLead) {
  Receipt receipt;
  if (inputs.empty()) {
    return receipt;
  }
  const std::uint64_t newest = std::uint64_t{firstTick} + inputs.size() - 1;
  if (newest > std::uint64_t{serverTick} + static_cast<std::uint64_t>(maxInputLead)) {
    receipt.refusal = fmt::format("inputs for tick {} are more than {} ticks ahead of {}", newest,
                                  maxInputLead, serverTick);
    return receipt;
  }
  if (!std::all_of(inputs.begin(), inputs.end(), validInput)) {
    receipt.refusal = "input value out of range";
    return receipt;
  }
  if (!inboxes_[index(slot)]) {
    receipt.refusal = "inputs for a slot that is not playing";
    return receipt;
  }
  Ring& ring = inboxes_[index(slot)]->inputs;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::uint32_t tick = firstTick + static_cast<std::uint32_t>(i);
    if (tick <= serverTick) {
      // Already simulated: a redundant copy, or an input that came too late. It counts as late
      // once, and only if the input used in its place was another one: exactly the ticks whose
      // confirmation shows the client a different input of its own.
      const PlayerInput* used = inboxes_[index(slot)]->substitutes.find(tick);
      if (used != nullptr && !ring.has(tick)) {
        receipt.late += *used == inputs[i] ? 0 : 1;
        ring.put(tick, inputs[i]);
      }
      continue;
    }
    ring.put(tick, inputs[i]);
  }
  receipt.margin = static_cast<std::int16_t>(static_cast<std::int64_t>(newest) -
                                             (static_cast<std::int64_t>(serverTick) + 1));
  return receipt;
}

TickInputs InputInbox::gather(std::uint32_t tick, const WorldState& state, const PlayerSlots& slots,
                              std::uint64_t& substituted) {
  TickInputs inputs{};
  for (std::size_t slot = 0; slot < inboxes_.size(); ++slot) {
    const PlayerSlots::Slot& player = slots[static_cast<int>(slot)];
    if (!player.used || !state.characters[slot].active || !inboxes_[slot]) {
      continue;  // not in the world (yet): its input stays neutral
    }
    Inbox& inbox = *inboxes_[slot];
    if (!player.connected) {
      inbox.lastInput = PlayerInput{};
    } else if (const PlayerInput* arrived = inbox.inputs.find(tick)) {
      inbox.lastInput = *arrived;
    } else {
      ++substituted;
      inbox.substitutes.put(tick, inbox.lastInput);
    }
    inputs[slot] = inbox.lastInput;
  }
  return inputs;
}

std::uint32_t InputInbox::inputAck(int slot, std::uint32_t serverTick) const {
  if (!inboxes_[index(slot)]) {
    return serverTick;
  }
  const Ring& ring = inboxes_[index(slot)]->inputs;
  std::uint32_t ack = serverTick;
  while (ring.has(ack + 1) && ack - serverTick < Ring::kCapacity) {
    ++ack;
  }
  return ack;
}

std::size_t InputInbox::bytes() const {
  std::size_t total = sizeof(*this);
  for (const auto& inbox : inboxes_) {
    total += inbox ? sizeof(Inbox) : 0;
  }
  return total;
}

}  // namespace coyote
