//! Starting and stopping one Dolphin: builds the private user folder (config, pipes), launches
//! `dolphin-emu-nogui -p headless -v Vulkan` under `stdbuf -oL -eL`, reads the USB Gecko port
//! from its output, collects log lines on threads, runs the test's script, stops Dolphin with
//! SIGTERM (SIGKILL if it lingers) and gathers the frame dumps into a `Run`.

use crate::chroot;
use crate::config::Config;
use crate::gecko_ports::wait_for_free_port;
use crate::locate::dolphin_binary;
use crate::notes::note;
use crate::pipes::{self, Controller, PipeWriters};
use crate::readers::{spawn_gecko_reader, spawn_log_reader, spawn_port_finder};
use crate::run::Run;
use crate::sd_card::{self, SdCard};
use crate::session::{Session, Shared};
use crate::user_dir::{frame_paths, fresh_user_dir};
use crate::version::{DolphinVersion, CHROOT_BINARY};
use crate::Error;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

const STOP_GRACE: Duration = Duration::from_secs(10);
/// Longest wait for a free USB Gecko port: a TIME_WAIT lasts 60 s on Linux.
const PORT_WAIT: Duration = Duration::from_secs(65);

/// A Dolphin run being set up: `Dolphin::new(dol).seconds(6.0).run()`.
#[derive(Clone, Debug)]
pub struct Dolphin {
    dol: PathBuf,
    name: String,
    seconds: f64,
    until: Option<String>,
    video: String,
    gui: bool,
    config: Config,
    controllers: Vec<Controller>,
    args: Vec<String>,
    sd: SdCard,
    strict: bool,
    version: Option<DolphinVersion>,
}

impl Dolphin {
    /// A headless run of `dol` for 5 seconds with the harness's default config.
    pub fn new(dol: impl Into<PathBuf>) -> Dolphin {
        Dolphin {
            dol: dol.into(),
            name: "run".into(),
            seconds: 5.0,
            until: None,
            video: "Vulkan".into(),
            gui: false,
            config: Config::defaults(),
            controllers: Vec::new(),
            args: Vec::new(),
            sd: SdCard::Default,
            strict: true,
            version: None,
        }
    }

    /// Names the run (its folder is `target/dolphin-runs/NAME-PID-N`).
    pub fn name(mut self, name: &str) -> Self {
        self.name = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        self
    }

    /// How long `run()` lets the game run (the cap when `until` is set).
    pub fn seconds(mut self, seconds: f64) -> Self {
        self.seconds = seconds;
        self
    }

    /// `run()` stops as soon as a game log line contains `text` (or after `seconds`).
    pub fn until(mut self, text: &str) -> Self {
        self.until = Some(text.to_string());
        self
    }

    /// Video backend (`Vulkan` default; `Null` is faster but dumps blank frames).
    pub fn video_backend(mut self, backend: &str) -> Self {
        self.video = backend.to_string();
        self
    }

    /// For a test that reads only the game's log (and audio dump), never a frame: the Null
    /// video backend and no frame dumps. Dolphin then spends no CPU on the software Vulkan
    /// renderer and the PNG of every frame, which on this 2-core machine is most of a run's
    /// cost (docs/testing.md, "How long the suite takes"). The game runs the same: its GX
    /// commands still go through Dolphin's command processor.
    pub fn log_only(mut self) -> Self {
        self.video = "Null".to_string();
        self.config
            .set("Dolphin.ini", "Movie", "DumpFrames", "False");
        self
    }

    /// Opens Dolphin's window (`dolphin-emu`) instead of running headless; no frame dumps.
    pub fn gui(mut self, on: bool) -> Self {
        self.gui = on;
        if on {
            self.config
                .set("Dolphin.ini", "Movie", "DumpFrames", "False");
        }
        self
    }

    /// Sets one config value (`ini("Dolphin.ini", "Core", "CPUCore", "0")`).
    pub fn ini(mut self, file: &str, section: &str, key: &str, value: &str) -> Self {
        self.config.set(file, section, key, value);
        self
    }

    /// Dumps what the game plays (`[DSP] DumpAudio`, with the silence: the dump is a clock)
    /// to `Dump/Audio/` and turns on Dolphin's AI log channel (`Audio DMA configured: ...`).
    /// Read it with `Run::audio_dump`.
    pub fn dump_audio(mut self) -> Self {
        self.config.set("Dolphin.ini", "DSP", "DumpAudio", "True");
        self.config
            .set("Dolphin.ini", "DSP", "DumpAudioSilent", "True");
        self.config.set("Logger.ini", "Logs", "AI", "True");
        self
    }

    /// Adds a controller driven through a pipe (see `Session::press`).
    pub fn controller(mut self, c: Controller) -> Self {
        self.controllers.push(c);
        self
    }

    /// The run's SD card (none, or folder sync inside the run's user folder).
    pub fn sd_card(mut self, card: SdCard) -> Self {
        self.sd = card;
        self
    }

    /// Strict mode (on by default): the run fails when Dolphin's own log holds an assertion,
    /// panic alert or invalid access not on the allow-list (`strict.rs`, docs/testing.md).
    pub fn strict(mut self, on: bool) -> Self {
        self.strict = on;
        self
    }

    /// Which Dolphin runs (default: the one `$SENAS_DOLPHIN` names, version.rs).
    pub fn version(mut self, v: DolphinVersion) -> Self {
        self.version = Some(v);
        self
    }

    /// Extra command-line arguments for Dolphin (before `-e`).
    pub fn arg(mut self, a: &str) -> Self {
        self.args.push(a.to_string());
        self
    }

    /// Runs for `seconds` (or until the `until` line) and returns what happened.
    pub fn run(self) -> Result<Run, Error> {
        let seconds = Duration::from_secs_f64(self.seconds);
        let until = self.until.clone();
        self.run_with(move |s| {
            match &until {
                Some(text) => {
                    // Reaching the cap without the line is not an error here: the test
                    // asserts on what the run collected.
                    let _ = s.wait_for(text, seconds, |l| l.contains(text.as_str()));
                }
                None => s.sleep(seconds),
            }
            Ok(())
        })
    }

    /// Runs `script` while Dolphin runs (waits, input), then stops Dolphin. The script's error
    /// is returned as is (it carries the log); the user folder is then kept.
    ///
    /// Before the launch the harness waits (at most `PORT_WAIT`) until one of the eleven TCP
    /// ports Dolphin's USB Gecko can listen on is free (gecko_ports.rs). If Dolphin still could
    /// not listen (another program took the port meanwhile), the game's log was unreadable
    /// through no fault of the game: that launch is repeated once, and both the wait and the
    /// repeat are written to `target/dolphin-runs/notes.log` (notes.rs), which `make test-e2e`
    /// prints. A run whose log connection worked is never repeated: a silent game fails.
    pub fn run_with(
        self,
        mut script: impl FnMut(&mut Session) -> Result<(), Error>,
    ) -> Result<Run, Error> {
        self.wait_for_port();
        let (first, listen_failed) = self.attempt(&mut script);
        if !listen_failed || self.gui {
            return first;
        }
        note(
            &self.name,
            "Dolphin could not listen on any USB Gecko port; launching once more",
        );
        self.wait_for_port();
        self.attempt(&mut script).0
    }

    fn wait_for_port(&self) {
        if self.gui {
            return;
        }
        if let Some((waited, what)) = wait_for_free_port(PORT_WAIT) {
            note(
                &self.name,
                &format!(
                    "{what}; waited {:.1} s before launching",
                    waited.as_secs_f64()
                ),
            );
        }
    }

    /// One launch of Dolphin with `script`, and whether Dolphin failed to listen for the log.
    fn attempt(
        &self,
        script: &mut dyn FnMut(&mut Session) -> Result<(), Error>,
    ) -> (Result<Run, Error>, bool) {
        match self.launch(script) {
            Ok(run) => (Ok(run), false),
            Err((e, listen_failed)) => (Err(e), listen_failed),
        }
    }

    fn launch(
        &self,
        script: &mut dyn FnMut(&mut Session) -> Result<(), Error>,
    ) -> Result<Run, (Error, bool)> {
        let version = match self.version {
            Some(v) => v,
            None => DolphinVersion::from_env().map_err(failed)?,
        };
        let root = DolphinVersion::chroot_root();
        let program = match version {
            DolphinVersion::V5_0 => {
                let dolphin = dolphin_binary().map_err(failed)?;
                if self.gui {
                    dolphin.with_file_name("dolphin-emu")
                } else {
                    dolphin
                }
            }
            DolphinVersion::V2503 => {
                if self.gui {
                    return Err(failed(Error::Io(
                        "Dolphin 2503 runs headless only (SENAS_DOLPHIN=2503); unset it for a window"
                            .into(),
                    )));
                }
                chroot::check(&root, CHROOT_BINARY).map_err(failed)?;
                PathBuf::from(CHROOT_BINARY)
            }
        };
        if !self.dol.is_file() {
            return Err(failed(Error::DolMissing(self.dol.clone())));
        }
        let dol = self
            .dol
            .canonicalize()
            .map_err(|e| failed(Error::Io(format!("{}: {e}", self.dol.display()))))?;
        let user = fresh_user_dir(&self.name).map_err(failed)?;
        let mut config = self.config.clone();
        version.apply(&mut config);
        crate::version::apply_cpu_clock(&mut config).map_err(failed)?;
        pipes::configure(&mut config, &self.controllers);
        sd_card::prepare(&self.sd, &user, &mut config)
            .map_err(|e| failed(Error::Io(format!("sd card: {e}"))))?;
        config
            .write_to(&user.join("Config"))
            .map_err(|e| failed(Error::Io(format!("write config: {e}"))))?;
        pipes::create_fifos(&user, &self.controllers).map_err(failed)?;
        if version == DolphinVersion::V2503 {
            // 2503 ignores `-C SYSCONF.*`: the pinned values go into the NAND's file
            // (sysconf_file.rs); 5.0 takes them from the command line as before.
            crate::sysconf_file::prepare(&user, &self.args).map_err(failed)?;
        }

        let user_abs = user.canonicalize().unwrap_or_else(|_| user.clone());
        let mut args: Vec<String> = vec!["-u".into(), user_abs.display().to_string()];
        if self.gui {
            args.push("-b".into());
        } else {
            args.extend(["-p", "headless", "-v", &self.video].map(String::from));
        }
        args.extend(self.args.iter().cloned());
        args.extend(["-e".to_string(), dol.display().to_string()]);
        let mut cmd = match version {
            DolphinVersion::V2503 => {
                // The run's folder and the .dol at their own paths inside the chroot.
                let mut needed: Vec<PathBuf> = crate::locate::target_dir()
                    .canonicalize()
                    .into_iter()
                    .collect();
                needed.push(user_abs.clone());
                needed.extend(dol.parent().map(Path::to_path_buf));
                let mounts = chroot::mount_list(&needed);
                chroot::command(&root, &mounts, CHROOT_BINARY, &args)
            }
            DolphinVersion::V5_0 if Path::new("/usr/bin/stdbuf").is_file() => {
                let mut c = Command::new("/usr/bin/stdbuf");
                c.args(["-oL", "-eL"]).arg(&program).args(&args);
                c
            }
            DolphinVersion::V5_0 => {
                let mut c = Command::new(&program);
                c.args(&args);
                c
            }
        };
        cmd.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let launched = SystemTime::now();
        let started = Instant::now();
        let mut child = cmd
            .spawn()
            .map_err(|e| failed(Error::Io(format!("start {}: {e}", program.display()))))?;
        let pid = child.id();
        let guard = KillOnDrop { pid, armed: true };

        let shared = Arc::new(Shared::default());
        let mut threads = Vec::new();
        if let Some(out) = child.stdout.take() {
            threads.push(spawn_log_reader(out, shared.clone()));
        }
        if let Some(err) = child.stderr.take() {
            threads.push(spawn_log_reader(err, shared.clone()));
        }
        let waiter_shared = shared.clone();
        threads.push(std::thread::spawn(move || {
            let code = child.wait().ok().and_then(|s| s.code());
            waiter_shared.update(|s| s.exit = Some(code));
        }));
        if !self.gui {
            threads.push(spawn_port_finder(pid, shared.clone()));
        }
        let gecko = spawn_gecko_reader(shared.clone());

        let outcome = PipeWriters::open(&user, &self.controllers).and_then(|pipes| {
            let mut session = Session {
                shared: &shared,
                started,
                pipes,
                cursor: 0,
            };
            let result = script(&mut session);
            result.map(|()| session.pipes.sent().to_vec())
        });

        stop(pid, &shared);
        let wall_time = started.elapsed();
        let _ = gecko.join();
        for t in threads {
            let _ = t.join();
        }
        drop(guard);

        let state = std::mem::take(&mut *shared.lock());
        let listen_failed = state.listen_failed;
        let sent = match outcome {
            Ok(sent) => sent,
            Err(e) => {
                eprintln!(
                    "dolphin-harness: run failed; user folder kept at {}",
                    user.display()
                );
                return Err((e, listen_failed));
            }
        };
        if state.port.is_none() && !self.gui {
            return Err((Error::NoGeckoPort { log: state.log }, listen_failed));
        }
        let frames = frame_paths(&user.join("Dump").join("Frames"));
        let first_frame_after = frames.first().and_then(|p| {
            std::fs::metadata(p)
                .ok()?
                .modified()
                .ok()?
                .duration_since(launched)
                .ok()
        });
        let complaints = if self.strict {
            crate::strict::violations(&state.log)
        } else {
            Vec::new()
        };
        if !complaints.is_empty() {
            return Err((
                Error::DolphinComplained {
                    records: complaints,
                    lines: state.lines,
                    user_dir: user,
                },
                listen_failed,
            ));
        }
        let run = Run {
            gecko: state.lines,
            frames,
            dolphin_log: state.log,
            user_dir: user,
            first_frame_after,
            wall_time,
            gecko_port: state.port,
            exit_code: state.exit.flatten(),
            sent,
            keep_dir: false,
        };
        Ok(run)
    }
}

/// An error before Dolphin ran: never repeated.
fn failed(e: Error) -> (Error, bool) {
    (e, false)
}

/// Sends SIGTERM, waits for the exit, escalates to SIGKILL after `STOP_GRACE`.
fn stop(pid: u32, shared: &Shared) {
    if shared.lock().exit.is_none() {
        signal(pid, "TERM");
    }
    let deadline = Instant::now() + STOP_GRACE;
    let mut state = shared.lock();
    while state.exit.is_none() {
        let now = Instant::now();
        if now >= deadline {
            drop(state);
            signal(pid, "KILL");
            state = shared.lock();
            let _ = shared.changed.wait_timeout(state, Duration::from_secs(5));
            return;
        }
        state = shared
            .changed
            .wait_timeout(state, deadline - now)
            .unwrap_or_else(|e| e.into_inner())
            .0;
    }
}

fn signal(pid: u32, sig: &str) {
    let _ = Command::new("kill")
        .arg(format!("-{sig}"))
        .arg(pid.to_string())
        .status();
}

/// Kills Dolphin if the test panics mid-run (no orphaned emulators).
struct KillOnDrop {
    pid: u32,
    armed: bool,
}

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        if self.armed && std::thread::panicking() {
            signal(self.pid, "KILL");
        }
        self.armed = false;
    }
}
