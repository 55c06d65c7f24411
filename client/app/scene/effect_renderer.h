#pragma once

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Texture.hpp>

#include "client/core/effect_list.h"

namespace coyote {

/// Draws the live effects (dust, splash, flash, puff, thud, snap, hop, hazard, return) into the
/// logical 320 × 240 picture, each at its age for `renderTick` (the tick shown, with its
/// interpolation fraction), in one draw call: their particles as sprites of `particles`
/// (assets/particles.png), or as flat discs when it is nullptr.
void drawEffects(sf::RenderTarget& target, Vec2 camera, const EffectList& effects,
                 double renderTick, const sf::Texture* particles = nullptr);

}  // namespace coyote
