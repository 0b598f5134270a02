//! 10,000 fuzzed commands across the shipped Toy Soldier scenarios: hostile ones refused
//! without changing anything, every accepted one keeping the invariants (tokens, AP,
//! danger and damage conserved by the log; bases apart, on the table, facing finite);
//! and AI battles over every pairing that end and replay bit-exact.

warband_table::fuzz_tests!(
    warband_toy_soldier::ToySoldier,
    ["river-crossing", "wooded-hills", "village-fight", "open-meadow"],
    seed: 70,
    battles: 25
);
