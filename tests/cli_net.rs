//! `warband host`, `warband join` and `warband watch --connect`, run as a user runs
//! them, on loopback: each ruleset's networked battle prints what `warband battle`
//! prints for the same seed and players.

mod common;

use common::warband;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};

fn spawn(args: &[&str], data: &std::path::Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_warband"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("WARBAND_DATA", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the warband binary runs")
}

/// Starts a headless host on a free port; gives it, its address and the rest of what
/// it says on stderr, line by line.
fn host(args: &[&str], data: &std::path::Path) -> (Child, String, Receiver<String>) {
    let mut all = vec!["host", "--listen", "127.0.0.1:0", "--headless", "--json"];
    all.extend_from_slice(args);
    let mut child = spawn(&all, data);
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let first = lines.next().unwrap().unwrap();
    let addr = first
        .strip_prefix("host: listening on ")
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    (child, addr, rx)
}

/// A headless computer player joined as side A.
fn join_a(addr: &str, player: &str, data: &std::path::Path) -> Child {
    let join = [
        "join",
        addr,
        "--side",
        "a",
        "--player",
        player,
        "--headless",
        "--json",
    ];
    spawn(&join, data)
}

fn json_of(child: Child) -> serde_json::Value {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn networked(scenario: &str, seed: &str, a: &str, b: &str) {
    let data = std::env::temp_dir().join(format!("warband-net-cli-{}-{seed}", std::process::id()));
    let alone = warband(&[
        "battle",
        "--scenario",
        scenario,
        "--seed",
        seed,
        "--a",
        a,
        "--b",
        b,
        "--json",
    ]);
    assert!(alone.status.success(), "{alone:?}");
    let expected: serde_json::Value = serde_json::from_slice(&alone.stdout).unwrap();
    let hosting = [
        "--scenario",
        scenario,
        "--seed",
        seed,
        "--a",
        "remote",
        "--b",
        b,
    ];
    let (host, addr, said) = host(&hosting, &data);
    let watch = spawn(
        &["watch", "--connect", &addr, "--headless", "--json"],
        &data,
    );
    while !said.recv().unwrap().contains("to watch") {}
    let joiner = join_a(&addr, a, &data);
    assert_eq!(json_of(host), expected, "{scenario}: host");
    assert_eq!(json_of(joiner), expected, "{scenario}: joiner");
    assert_eq!(json_of(watch), expected, "{scenario}: spectator");
    let token = data
        .join("net")
        .join(format!("{}-a.token", addr.replace(['.', ':'], "_")));
    assert!(token.is_file(), "the joiner keeps its seat's token");
}

#[test]
fn each_ruleset_plays_over_the_network_as_on_one_machine() {
    networked("assets/scenarios/open-field.ron", "31", "normal", "charge");
    networked("assets/scenarios/open-meadow.ron", "32", "charge", "normal");
    networked("assets/scenarios/open-ground.ron", "33", "normal", "normal");
}

#[test]
fn a_headless_host_wants_no_human_and_a_joiner_names_what_it_cannot_reach() {
    let out = warband(&[
        "host",
        "--scenario",
        "assets/scenarios/open-field.ron",
        "--a",
        "human",
        "--b",
        "remote",
        "--headless",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("a human side needs the window"));
    let out = warband(&[
        "join",
        "127.0.0.1:1",
        "--side",
        "b",
        "--player",
        "normal",
        "--headless",
    ]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("cannot reach 127.0.0.1:1"), "{said}");
}

/// `warband host --resume SAVE` plays a saved battle on from where it stood: a joiner
/// gets the saved commands first and plays on to the end, the host's save begins with
/// the old one and replays, and a battle that is over is refused with why.
#[test]
fn a_saved_battle_is_hosted_again_from_the_command_line() {
    use warband_marauders::engine::Marauders;
    use warband_table::save::Save;
    let dir = std::env::temp_dir().join(format!("warband-net-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (full, part, after) = (
        dir.join("full.ron"),
        dir.join("part.ron"),
        dir.join("after.ron"),
    );
    let path = |p: &std::path::Path| p.to_string_lossy().into_owned();
    let scenario = "assets/scenarios/open-field.ron";
    let battle = [
        "battle",
        "--scenario",
        scenario,
        "--seed",
        "34",
        "--save",
        &path(&full),
    ];
    assert!(warband(&battle).status.success());
    let mut save = Save::<Marauders>::read(&full).unwrap();
    let half = save.commands.len() / 2;
    save.commands.truncate(half);
    let replayed = save.replay().unwrap();
    save.final_hash = replayed.state_hash();
    save = save.noting(&replayed);
    save.write(&part).unwrap();
    let resume = ["--resume", &path(&part), "--a", "remote", "--b", "normal"];
    let mut hosting = resume.to_vec();
    let kept = path(&after);
    hosting.extend(["--save", &kept]);
    let (host, addr, said) = host(&hosting, &dir);
    let joiner = join_a(&addr, "charge", &dir);
    assert_eq!(json_of(host), json_of(joiner));
    let heard: Vec<String> = said.iter().collect();
    let played_on = format!("played on from its save (seed 34, {half} commands)");
    assert!(heard.iter().any(|l| l.contains(&played_on)), "{heard:?}");
    let after = Save::<Marauders>::read(&after).unwrap();
    assert!(after.commands.len() > half);
    assert_eq!(after.commands[..half], save.commands[..]);
    assert_eq!(after.replay().unwrap().state_hash(), after.final_hash);
    let players = Some([None, Some(warband_table::player::PlayerKind::Normal)]);
    assert_eq!(
        after.players, players,
        "who played, for Load battle to offer again"
    );
    let normal = Some(warband_table::player::PlayerKind::Normal);
    let round = save.stood.map(|s| s.round);
    let earlier: Vec<_> = after.earlier.iter().map(|(r, p)| (Some(*r), *p)).collect();
    assert_eq!(earlier, [(round, [normal, normal])], "who played it before");
    let over = [
        "host",
        "--resume",
        &path(&full),
        "--listen",
        "127.0.0.1:0",
        "--a",
        "remote",
        "--b",
        "normal",
        "--headless",
    ];
    // Headless, and with a window (refused on the terminal before one opens).
    for args in [&over[..], &over[..over.len() - 1]] {
        let out = warband(args);
        assert!(!out.status.success());
        let why = String::from_utf8_lossy(&out.stderr);
        assert!(why.contains("full.ron") && why.contains("is over"), "{why}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
