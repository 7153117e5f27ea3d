//! The platform-free game: scenes, menus, turn flow, input actions, animation, match log.
//! Never imports `wii`; speaks in `Pointer`/`Buttons`/`Frame` types.

pub mod input;
