//! GX end-to-end program: shows the sample scenes (gfx::samples: title, a busy senas position,
//! senet) through the GX renderer, each for a fixed number of frames, and logs over the USB
//! Gecko which scene is on screen and what each frame costs in timebase ticks, from building
//! the draw list to draw-done. tools/dolphin-harness/tests/gx.rs runs it in Dolphin and
//! compares the frame dumps with the soft backend's render of the same scenes.
//! Build: the game's .dol flags with `-p wii-probes --bin gx-scenes` (see that test's module doc).
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("gx_scenes is a Wii program: the GX end-to-end test builds and runs it in Dolphin.");
}

#[cfg(target_arch = "powerpc")]
mod wii_main {
    use senas_senet::gfx::{palette, samples, Aspect, DrawList};
    use senas_senet::log;
    use senas_senet::wii::gx::stream::{ByteCounter, Encoder};
    use senas_senet::wii::{clock, exit, pi, Wii};

    /// Frames each scene stays on screen.
    const FRAMES_PER_SCENE: u32 = 120;

    #[derive(Default)]
    struct Sums {
        frames: u64,
        build: u64,
        submit: u64,
        wait: u64,
        total_max: u64,
        timeouts: u32,
    }

    /// Called by `_start` (src/wii/runtime/start.rs) with a stack and a clean .bss.
    #[no_mangle]
    pub extern "C" fn senas_main() -> ! {
        let Some(mut wii) = Wii::take() else {
            unreachable!("senas_main runs once, so the hardware is still there");
        };
        let (sr, cr, fifo) = wii.gpu.fifo_info();
        log!(
            "event=gx_init cp_sr={:#06x} cp_cr={:#06x} fifo={:#010x}",
            sr,
            cr,
            fifo
        );
        let mut list = DrawList::new(palette::BACKGROUND);
        let mut sums = Sums::default();
        let mut frame: u32 = 0;
        loop {
            let slot = frame % FRAMES_PER_SCENE;
            let name = samples::SCENES[(frame / FRAMES_PER_SCENE) as usize % samples::SCENES.len()];
            let t0 = clock::ticks();
            samples::build(name, Aspect::Standard, &mut list);
            let build = clock::ticks() - t0;
            let stats = wii.gpu.draw(&list, wii.screen.back().phys_addr());
            wii.screen.present();
            if slot == 0 {
                let mut bytes = Encoder::new(ByteCounter::default());
                senas_senet::wii::gx::render::encode_list(&mut bytes, &list, &NoTextures, None);
                log!(
                    "event=gx_scene name={} frame={} commands={} dropped={} fifo_bytes={}",
                    name,
                    frame,
                    list.len(),
                    list.dropped(),
                    bytes.sink.0
                );
            }
            let total = build + stats.submit_ticks + stats.wait_ticks;
            sums.frames += 1;
            sums.build += build;
            sums.submit += stats.submit_ticks;
            sums.wait += stats.wait_ticks;
            sums.total_max = sums.total_max.max(total);
            sums.timeouts += u32::from(stats.timed_out);
            if slot == FRAMES_PER_SCENE - 1 {
                let n = sums.frames.max(1);
                let avg = (sums.build + sums.submit + sums.wait) / n;
                log!(
                    "event=gx_frame scene={} frames={} build_ticks={} submit_ticks={} wait_ticks={} total_ticks={} total_ticks_max={} total_us={} timeouts={}",
                    name,
                    n,
                    sums.build / n,
                    sums.submit / n,
                    sums.wait / n,
                    avg,
                    sums.total_max,
                    clock::ticks_to_duration(avg).as_micros(),
                    sums.timeouts
                );
                sums = Sums::default();
            }
            if pi::reset_button_pressed() {
                exit::exit();
            }
            frame = frame.wrapping_add(1);
        }
    }

    /// Texture addresses do not change the stream's size; any value will do for counting.
    struct NoTextures;
    impl senas_senet::wii::gx::render::TextureMemory for NoTextures {
        fn asset_phys(&self, _: senas_senet::gfx::AssetId) -> u32 {
            0
        }
        fn font_phys(&self, _: u8) -> u32 {
            0
        }
    }
}
