//! `elf2dol IN.elf OUT.dol`: converts the game's ELF into a DOL and prints the slot layout.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, input, output] = args.as_slice() else {
        eprintln!("usage: elf2dol IN.elf OUT.dol");
        return ExitCode::from(2);
    };
    let elf = match std::fs::read(input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("elf2dol: cannot read {input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dol = match elf2dol::Dol::from_elf(&elf) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("elf2dol: {input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let bytes = dol.to_bytes();
    if let Err(e) = std::fs::write(output, &bytes) {
        eprintln!("elf2dol: cannot write {output}: {e}");
        return ExitCode::FAILURE;
    }
    for s in &dol.text {
        println!("text {:#010x} {:>8} bytes", s.addr, s.bytes.len());
    }
    for s in &dol.data {
        println!("data {:#010x} {:>8} bytes", s.addr, s.bytes.len());
    }
    println!("bss  {:#010x} {:>8} bytes", dol.bss_addr, dol.bss_size);
    println!(
        "entry {:#010x}; {} -> {} ({} bytes)",
        dol.entry,
        input,
        output,
        bytes.len()
    );
    ExitCode::SUCCESS
}
