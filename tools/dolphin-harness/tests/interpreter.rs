//! End to end on Dolphin's cached interpreter (`[Core] CPUCore = 5`), which raises the
//! alignment exceptions the JIT never does (non-word-aligned FP loads and stores, `lmw`/`stmw`,
//! `lwarx`/`stwcx.`; Dolphin `Interpreter_LoadStore.cpp`) and runs branches such as the exit's
//! `rfi` instruction by instruction (audit 2 N16; docs/hardware.md "Exit"). The game boots,
//! draws, reads its card and takes the Power path (Bluetooth shut down, standby asked) as on
//! the JIT; the deliberate-panic build
//! shows its error screen. A CPU exception would end in `event=panic` with an exception message.

use dolphin_harness::{game_dol, Dolphin, SdCard};
use std::time::Duration;

/// The cached interpreter (Dolphin's `PowerPC::CPUCore::CachedInterpreter`).
const CACHED_INTERPRETER: &str = "5";

#[test]
fn the_game_boots_draws_and_leaves_on_the_cached_interpreter() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let run = Dolphin::new(dol)
        .name("interp-boot")
        .seconds(120.0)
        .ini("Dolphin.ini", "Core", "CPUCore", CACHED_INTERPRETER)
        .sd_card(SdCard::Sync(Vec::new()))
        .until("event=frame n=120")
        .run()
        .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"));
    let report = run.report();
    assert!(run.event("boot").is_some(), "no event=boot\n{report}");
    assert!(run.event("first_frame").is_some(), "{report}");
    assert!(run.event("panic").is_none(), "a CPU exception?\n{report}");
    let load = run
        .event("load")
        .unwrap_or_else(|| panic!("the card was not read\n{report}"));
    assert!(load.get("continue").is_some(), "{}", load.line);
    // Stopping Dolphin presses Power: the game shuts Bluetooth down (the controller's Reset
    // answered) and asks for standby. Dolphin does not answer that request and is gone before
    // the game's way out after it (`event=exit`) reaches the log.
    let bt = run
        .event("bt_shutdown")
        .unwrap_or_else(|| panic!("no event=bt_shutdown\n{report}"));
    assert_eq!(bt.get("reset"), Some("1"), "{}", bt.line);
    assert!(run.event("power_off").is_some(), "{report}");
    assert!(run.event("stack_hw").is_some(), "{report}");
}

#[test]
fn a_panic_shows_the_error_screen_on_the_cached_interpreter() {
    let dol =
        game_dol("SENAS_PANIC_DOL", "senas-senet-panic.dol").unwrap_or_else(|e| panic!("{e}"));
    let run = Dolphin::new(dol)
        .name("interp-panic")
        .ini("Dolphin.ini", "Core", "CPUCore", CACHED_INTERPRETER)
        .run_with(|s| {
            s.wait_for_event("error_screen", Duration::from_secs(100))?;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let panic = run
        .event("panic")
        .unwrap_or_else(|| panic!("no event=panic\n{}", run.report()));
    assert_eq!(
        panic.get("msg"),
        Some("deliberate panic for the e2e test at frame 90"),
        "{}",
        panic.line
    );
}
