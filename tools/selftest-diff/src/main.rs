//! `selftest-diff CONSOLE.TXT [REFERENCE.TXT]`: which facts of a console's self-test report
//! differ from the reference (docs/selftest.md). Exit 0 same, 1 differences, 2 bad input.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reference = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/selftest/dolphin-5.0.txt"
    );
    let (text, code) = selftest_diff::run(&args, reference);
    if code == 2 {
        eprint!("{text}");
    } else {
        print!("{text}");
    }
    std::process::exit(code);
}
