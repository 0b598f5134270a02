//! 10,000 fuzzed commands across the shipped Borderlands scenarios: hostile ones refused
//! without changing anything, every accepted one keeping the invariants (hit points,
//! slots, the dead and the 4-to-1 limit; bases apart and on the table); and AI battles
//! over every pairing that end and replay bit-exact.

warband_table::fuzz_tests!(
    warband_borderlands::Borderlands,
    ["cave-mouth", "ravine-ambush", "lair-hall", "corridor-chambers"],
    seed: 50,
    battles: 25
);
