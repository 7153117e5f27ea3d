//! Dolphin strict mode: the Dolphin log channels that carry assertions, panic alerts and invalid
//! memory accesses are switched on in every run (`log_channels`), and a run whose Dolphin log
//! holds one of them fails (`violations`), unless the line is on the documented allow-list
//! (`ALLOWED`, docs/testing.md "Dolphin strict mode"). Dolphin is lenient where a console is
//! not: it logs "Gather pipe changed to unexpected address" or "Invalid write to" and carries
//! on, so these lines are the only sign of a bug that hangs real hardware.
//! Owns the matching only; `dolphin.rs` calls `violations` once a run has ended.

/// `[Logs]` channels of Logger.ini (short names from dolphin-emu/dolphin
/// Source/Core/Common/Logging/LogManager.cpp) that carry errors the game can cause:
/// MASTER (every PanicAlert, e.g. MMU.cpp "Invalid write to"), PowerPC (ASSERT_MSG in
/// Interpreter_SystemRegisters.cpp, "Unknown instruction"), GP (write-gather pipe), CP/PE/PI
/// (GPU FIFO, "Unknown Opcode"), MI (invalid MMIO), VI, SI, EXI, IOS/WII_IPC (IPC), HLE, Video,
/// and the save and sound paths: IOS_SD (the SD card's IOS device), AI (audio interface) and
/// DSP (the DSP interface: the audio DMA). The same names in 5.0-17995 and 2503.
pub const LOG_CHANNELS: [&str; 23] = [
    "MASTER",
    "PowerPC",
    "GP",
    "CP",
    "PE",
    "PI",
    "MI",
    "VI",
    "SI",
    "EXI",
    "IOS",
    "IOS_STM",
    "IOS_USB",
    "IOS_WIIMOTE",
    "IOS_FS",
    "IOS_SD",
    "WII_IPC",
    "HLE",
    "Video",
    "BOOT",
    "CORE",
    "AI",
    "DSP",
];

/// Text that fails a run at any log level, and in continuation lines of a multi-line alert.
pub const FORBIDDEN: [&str; 9] = [
    "Gather pipe changed to unexpected address",
    "Unknown Opcode",
    "Invalid read from",
    "Invalid write to",
    "Unknown instruction",
    "unknown_instruction",
    "An error occurred",
    "invalid MMIO",
    "Illegal command",
];

/// Lines known to be harmless (each argued in docs/testing.md): a record containing all the
/// texts of one entry is allowed.
pub const ALLOWED: [&[&str]; 2] = [
    // Dolphin creates its shader cache folder lazily; the first CreateDir of the fresh user
    // folder's Cache/Shaders/ can fail before the parent exists. A host file-system message,
    // nothing the game did.
    &["E[COMMON]", "CreateDir: mkdir failed on", "/Cache/"],
    // Dolphin's own ES, launching the title, looks up /sys/uid.sys in the fresh NAND of the
    // run's user folder; it does not exist yet (-106, FS_ENOENT) and ES creates it. The game
    // never opens it (it reads only /shared2/sys/SYSCONF).
    &["E[IOS_FS]", "OpenFile(/sys/uid.sys)", "Result -106"],
];

/// Sets the strict-mode channels (and keeps the harness's verbosity) in a Logger.ini map.
pub fn log_channels() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    LOG_CHANNELS.iter().map(|c| ("Logs", *c, "True"))
}

/// True when `line` starts a Dolphin log record: `MM:SS:mmm path:line L[CHANNEL]: text`.
fn starts_record(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() > 10
        && b[2] == b':'
        && b[5] == b':'
        && b[9] == b' '
        && [0, 1, 3, 4, 6, 7, 8].iter().all(|&i| b[i].is_ascii_digit())
}

/// The log level letter of a record (`E`, `W`, `N`, `I`, `D`), if it has one.
fn level(record: &str) -> Option<char> {
    let i = record.find("[")?;
    record[..i].chars().last()
}

/// The Dolphin log split into records: a timestamped line plus the untimestamped lines after
/// it (a panic alert's message, condition and file come on their own lines). Lines before the
/// first record (Dolphin's banner, "USBGecko: ...") are records of their own.
pub fn records(log: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for raw in log.lines() {
        let line = raw.trim_end_matches('\r').trim_start_matches('\0');
        if starts_record(line) {
            out.push(line.to_string());
            open = true;
        } else if open && !line.trim().is_empty() {
            let last = out.last_mut().expect("open implies a record");
            last.push('\n');
            last.push_str(line);
        } else if !line.trim().is_empty() {
            out.push(line.to_string());
        }
    }
    out
}

/// Whether a record is on the allow-list.
pub fn allowed(record: &str) -> bool {
    ALLOWED
        .iter()
        .any(|entry| entry.iter().all(|text| record.contains(text)))
}

/// The records of `log` that fail a strict run: every error-level record and every record
/// containing a `FORBIDDEN` text, minus the allow-list.
pub fn violations(log: &str) -> Vec<String> {
    records(log)
        .into_iter()
        .filter(|r| {
            let error = starts_record(r) && level(r) == Some('E');
            (error || FORBIDDEN.iter().any(|f| r.contains(f))) && !allowed(r)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dolphin 5.0-17995's output for the game with WPAR = 0xCC008000 (abridged from a run).
    const OLD_WPAR: &str = "\
06:47:027 Core/PowerPC/Interpreter/Interpreter_SystemRegisters.cpp:347 E[PowerPC]: Warning: An error occurred.

Gather pipe changed to unexpected address cc008000 @ PC 8000993c

  Condition: rSPR(SPR_WPAR) == GPFifo::GATHER_PIPE_PHYSICAL_ADDRESS
  File: ./Source/Core/Core/PowerPC/Interpreter/Interpreter_SystemRegisters.cpp
06:47:030 Core/HW/EXI/EXI_Channel.cpp:181 I[EXI]: Changing EXI channel 0
";

    #[test]
    fn the_gather_pipe_assertion_fails_a_run_as_one_record() {
        let v = violations(OLD_WPAR);
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(v[0].contains("Gather pipe changed to unexpected address cc008000"));
        assert!(v[0].contains("Condition:"));
    }

    #[test]
    fn panic_alerts_and_invalid_accesses_fail_a_run() {
        let log = "57:56:394 Core/PowerPC/MMU.cpp:1159 E[MASTER]: Warning: Invalid write to 0x0040d625, PC = 0x80018c54\n\
                   Unknown instruction 00000020 at PC = 804021dc last_PC = 00000000 LR = 8040209a\n\
                   06:54:145 Core/HW/MMIO.cpp:176 E[MI]: Trying to read 32 bits from an invalid MMIO (addr=0c00f580)\n\
                   10:00:000 VideoCommon/OpcodeDecoding.cpp:120 N[Video]: GFX FIFO: Unknown Opcode (0x4f @ 0x1234)\n";
        let v = violations(log);
        assert_eq!(v.len(), 3, "{v:?}");
        assert!(v[0].contains("Invalid write to 0x0040d625"));
        // The bare line after an alert belongs to it.
        assert!(v[0].contains("Unknown instruction 00000020"));
        assert!(v[1].contains("invalid MMIO"));
        assert!(v[2].contains("Unknown Opcode"));
    }

    #[test]
    fn warnings_info_and_allowed_errors_pass() {
        let log = "\
57:51:289 Core/ConfigLoaders/BaseConfigLoader.cpp:81 N[CORE]: Disabling WC24 'standby'
USBGecko: Listening on TCP port 55020
07:06:813 Core/IOS/IOSC.cpp:628 W[IOS]: keys.bin could not be found. Default values will be used.
Warning: Partial sends might not be handled properly.
07:06:900 Common/FileUtil.cpp:247 E[COMMON]: CreateDir: mkdir failed on /x/Cache/Shaders/: No such file or directory
21:51:591 Core/IOS/FS/FileSystemProxy.cpp:111 E[IOS_FS]: Command: OpenFile(/sys/uid.sys): Result -106
Dolphin 5.0-17995-g8bad821019 | JIT64 SC | Vulkan | HLE | FPS: 60 - VPS: 60 - 100%
";
        assert_eq!(violations(log), Vec::<String>::new());
    }

    #[test]
    fn an_error_level_line_not_on_the_allow_list_fails() {
        let log = "07:06:900 Common/FileUtil.cpp:247 E[COMMON]: CreateDir: mkdir failed on /home/x/Wii/\n";
        assert_eq!(violations(log).len(), 1);
        let log = "07:06:900 Core/IOS/IOS.cpp:10 E[IOS]: something else\n";
        assert_eq!(violations(log).len(), 1);
    }

    #[test]
    fn the_channels_include_those_that_carry_the_known_complaints() {
        for c in [
            "MASTER", "PowerPC", "GP", "MI", "Video", "IOS_SD", "AI", "DSP",
        ] {
            assert!(LOG_CHANNELS.contains(&c), "{c}");
        }
        assert!(log_channels().all(|(s, _, v)| s == "Logs" && v == "True"));
    }
}
