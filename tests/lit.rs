//! Runs the whole lit suite (`ori lit lit-tests`) so that `cargo test` covers it; the runner's
//! report is printed, and the test fails when any lit test fails.

use std::process::Command;

#[test]
fn lit_suite_passes() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lit-tests");
    let output = Command::new(env!("CARGO_BIN_EXE_ori")).arg("lit").arg(&tests).output().expect("cannot start ori");
    print!("{}", String::from_utf8_lossy(&output.stdout));
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "ori lit {} failed: {}", tests.display(), output.status);
}
