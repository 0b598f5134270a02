//! 10,000 fuzzed commands across the shipped Marauders scenarios: hostile ones refused
//! without changing anything, every accepted one keeping the invariants (HD, engagement;
//! bases apart and on the table); and 150 AI battles over every pairing that end and
//! replay bit-exact.

warband_table::fuzz_tests!(
    warband_marauders::engine::Marauders,
    ["woods-and-walls", "ruined-keep", "river-ford", "open-field"],
    seed: 90,
    battles: 150
);
