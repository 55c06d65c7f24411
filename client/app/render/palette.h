#pragma once

#include <SFML/Graphics/Color.hpp>

namespace coyote::palette {

// One place for every colour, so the screenshot test can look for them.
inline const sf::Color kBackground{26, 30, 46};
inline const sf::Color kSolid{96, 88, 112};
inline const sf::Color kSolidEdge{140, 130, 158};
inline const sf::Color kSlope{110, 100, 128};
inline const sf::Color kOneWay{204, 164, 90};
inline const sf::Color kWater{60, 140, 230, 110};
inline const sf::Color kWaterSurface{170, 215, 255, 190};
inline const sf::Color kIce{150, 200, 230};              ///< a solid tile of low friction
inline const sf::Color kBouncy{214, 96, 170};            ///< a solid tile that bounces
inline const sf::Color kGhostCrate{200, 190, 230, 150};  ///< a crate of another collision group
inline const sf::Color kHazard{224, 64, 64};
inline const sf::Color kLocalPlayer{255, 168, 56};
inline const sf::Color kRemotePlayer{96, 204, 232};
inline const sf::Color kEye{20, 20, 32};
inline const sf::Color kLetterbox{0, 0, 0};
inline const sf::Color kPlatform{118, 150, 110};
inline const sf::Color kPlatformEdge{170, 206, 150};
inline const sf::Color kCrate{168, 112, 60};
inline const sf::Color kCrateEdge{98, 62, 34};
inline const sf::Color kRope{196, 170, 120};    ///< hemp
inline const sf::Color kSpring{150, 190, 220};  ///< steel coil
inline const sf::Color kRail{110, 110, 130};    ///< the track a railed crate runs along
inline const sf::Color kWeld{220, 150, 60};     ///< a weld seam
inline const sf::Color kDebugPath{120, 230, 120, 160};
inline const sf::Color kCheckpoint{250, 220, 90};
inline const sf::Color kCheckpointPole{200, 200, 210};
inline const sf::Color kDust{210, 200, 186, 220};    ///< landing and crate-impact effects
inline const sf::Color kSplash{190, 225, 255, 230};  ///< entering or leaving water
inline const sf::Color kPuff{245, 245, 255, 200};    ///< a dash starting
inline const sf::Color kDebugBody{255, 255, 255, 200};
inline const sf::Color kDebugContact{80, 255, 120};
inline const sf::Color kDebugJointWorking{60, 220, 90};    ///< F4: a joint doing its work
inline const sf::Color kDebugJointStrained{255, 176, 0};   ///< F4: at a limit or at full force
inline const sf::Color kDebugJointBroken{255, 105, 180};   ///< F4: broken, still shown
inline const sf::Color kDebugRailRange{90, 200, 255};      ///< F5: a rail's allowed range
inline const sf::Color kDebugRailPosition{255, 255, 255};  ///< F5: where the crate is on it
inline const sf::Color kRaceTimer{255, 236, 120};          ///< a run's time
inline const sf::Color kRaceHint{210, 210, 225};           ///< the race's name before a run
inline const sf::Color kRaceAhead{90, 230, 120};           ///< a split ahead, a personal best
inline const sf::Color kRaceBehind{240, 90, 90};           ///< a split behind
inline const sf::Color kRaceRecord{255, 200, 60};          ///< a new record
inline const sf::Color kGhostBest{90, 230, 120, 90};       ///< the player's best run's ghost
inline const sf::Color kGhostRecord{255, 200, 60, 90};     ///< the record's ghost
inline const sf::Color kScoreboardPanel{12, 10, 20, 215};  ///< Tab's table, over the game
inline const sf::Color kRaceStart{90, 220, 140, 50};       ///< a race's start region
inline const sf::Color kRaceStartEdge{90, 220, 140, 160};
inline const sf::Color kRaceFinishLight{235, 235, 240, 150};  ///< a finish's chequered band
inline const sf::Color kRaceFinishDark{30, 30, 40, 150};
inline const sf::Color kChatPlayer{240, 240, 245};    ///< a player's chat line
inline const sf::Color kChatServer{255, 214, 102};    ///< the server's: joins, leaves, kicks
inline const sf::Color kChatNotice{255, 120, 100};    ///< to this client alone: a refusal
inline const sf::Color kChatPanel{12, 10, 20, 170};   ///< behind the chat while typing
inline const sf::Color kConsolePanel{8, 8, 16, 230};  ///< the console, over the top half
inline const sf::Color kConsoleText{200, 230, 200};
inline const sf::Color kConsoleInput{255, 255, 255};
inline const sf::Color kMenuBackground{20, 18, 32};
inline const sf::Color kMenuPanel{20, 18, 32, 190};  ///< behind the rows, over the title scene
inline const sf::Color kMenuDisabled{95, 92, 110};   ///< a server this client cannot join
inline const sf::Color kMenuText{225, 225, 235};
inline const sf::Color kMenuSelection{255, 168, 56, 40};  ///< behind the chosen line
inline const sf::Color kMenuWarning{255, 110, 90};        ///< a refusal, a key bound twice

}  // namespace coyote::palette
