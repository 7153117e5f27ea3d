//! `package`: the Homebrew Channel package. Writes `OUT/senas-senet.zip` holding
//! `apps/senas-senet/boot.dol`, `meta.xml` (from `assets/hbc/meta.xml`, version and date filled
//! in) and a 128x48 `icon.png` drawn by the game's own soft renderer. Touches nothing else.
//!
//! usage: package --dol target/senas-senet.dol --out target/package [--date YYYYMMDD]

mod icon;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The folder name under `apps/` on the SD card.
const APP_DIR: &str = "apps/senas-senet";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(path) => {
            println!("package: wrote {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("package: {e}");
            ExitCode::from(2)
        }
    }
}

struct Options {
    dol: PathBuf,
    out: PathBuf,
    date: String,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let (mut dol, mut out, mut date) = (None, None, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?
            .clone();
        match flag.as_str() {
            "--dol" => dol = Some(PathBuf::from(value)),
            "--out" => out = Some(PathBuf::from(value)),
            "--date" => date = Some(value),
            other => return Err(format!("unknown option {other}")),
        }
    }
    let date = date.unwrap_or_else(|| "20261129".to_string());
    if date.len() != 8 || !date.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("--date takes YYYYMMDD, not {date:?}"));
    }
    Ok(Options {
        dol: dol.ok_or("--dol is required")?,
        out: out.ok_or("--out is required")?,
        date,
    })
}

fn run(args: &[String]) -> Result<PathBuf, String> {
    let o = parse(args)?;
    let dol = std::fs::read(&o.dol).map_err(|e| format!("cannot read {}: {e}", o.dol.display()))?;
    if dol.len() < 0x100 {
        return Err(format!("{} is too short to be a .dol", o.dol.display()));
    }
    let meta = meta_xml(&o.date);
    let icon = icon::png()?;
    std::fs::create_dir_all(&o.out)
        .map_err(|e| format!("cannot create {}: {e}", o.out.display()))?;
    // The unzipped folder too, for copying by hand or pointing Dolphin at boot.dol.
    let dir = o.out.join(APP_DIR);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    for (name, bytes) in [("boot.dol", &dol), ("meta.xml", &meta), ("icon.png", &icon)] {
        std::fs::write(dir.join(name), bytes).map_err(|e| e.to_string())?;
    }
    let zip_path = o.out.join("senas-senet.zip");
    let file = std::fs::File::create(&zip_path).map_err(|e| e.to_string())?;
    let mut zip = zip::ZipWriter::new(file);
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    for dir in ["apps/", "apps/senas-senet/"] {
        zip.add_directory(dir, opts).map_err(|e| e.to_string())?;
    }
    for (name, bytes) in [("boot.dol", &dol), ("meta.xml", &meta), ("icon.png", &icon)] {
        zip.start_file(format!("{APP_DIR}/{name}"), opts)
            .map_err(|e| e.to_string())?;
        zip.write_all(bytes).map_err(|e| e.to_string())?;
    }
    zip.finish().map_err(|e| e.to_string())?;
    Ok(zip_path)
}

/// `assets/hbc/meta.xml` with the version, the release date and the descriptions filled in;
/// the descriptions come from the game's strings tables (English, then Spanish: the Homebrew
/// Channel shows one text for every console language).
fn meta_xml(date: &str) -> Vec<u8> {
    use senas_senet::app::strings::{EN, ES};
    let xml = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let short = format!("{} / {}", EN.meta_short, ES.meta_short);
    let long = format!("{}\n\n{}", EN.meta_long, ES.meta_long);
    include_str!("../../../assets/hbc/meta.xml")
        .replace("@VERSION@", senas_senet::wii::VERSION)
        .replace("@RELEASE_DATE@", &format!("{date}0000"))
        .replace("@SHORT@", &xml(&short))
        .replace("@LONG@", &xml(&long))
        .into_bytes()
}
