//! The batch simulator's throughput on a scenario, `charge` and `normal` alternately:
//! `cargo run --release -p warband-toy-soldier --example toy_soldier_throughput -- [scenario] [games]
//! [threads] [rounds]`.

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<(), String> {
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    warband_table::sim::throughput::main_of::<warband_toy_soldier::ToySoldier>(
        &assets,
        "village-fight",
    )
}
