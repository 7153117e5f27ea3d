//! The Wii program's entry: takes the hardware once and runs the app loop.
//! On the host this binary only explains how to build for the Wii.
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("senas-senet is a Wii program: build it with `make`, play it with `make run`.");
}
