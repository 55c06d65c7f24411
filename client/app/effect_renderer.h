#pragma once

#include <SFML/Graphics/RenderTarget.hpp>

#include "client/core/effect_list.h"

namespace coyote {

/// Draws the live effects (dust, splash, flash, puff, thud) into the logical 320 × 240 picture,
/// each at its age for `renderTick` (the tick shown, with its interpolation fraction).
void drawEffects(sf::RenderTarget& target, Vec2 camera, const EffectList& effects,
                 double renderTick);

}  // namespace coyote
