//! XF (transform unit) registers and memory loaded through the command stream (`0x10`,
//! `(count-1) << 16 | addr`, values): their addresses and builders for the 2D set-up (vertex
//! spec, colour control, texgen, orthographic projection, viewport). Source:
//! libogc gx.c and Dolphin VideoCommon/XFMemory.h, checked in Dolphin (docs/hardware.md "GX"). Pure values.

/// XF addresses, in address order (memory first, then registers).
pub mod addr {
    /// Position matrix 0 (3x4 floats, row-major).
    pub const POS_MATRIX0: u16 = 0x0000;
    /// Texture matrix 60 (2x4 floats), the identity slot.
    pub const TEX_MATRIX60: u16 = 0x00F0;
    /// Error/revision register (libogc writes 0x3F).
    pub const ERROR: u16 = 0x1000;
    /// Clip disable (0 = clipping on).
    pub const CLIP_DISABLE: u16 = 0x1005;
    /// InVertexSpec: colours and texcoords per vertex.
    pub const IN_VERTEX_SPEC: u16 = 0x1008;
    /// Number of colour channels.
    pub const NUM_COLORS: u16 = 0x1009;
    /// Colour 0 and alpha 0 channel control.
    pub const COLOR0_CTRL: u16 = 0x100E;
    pub const ALPHA0_CTRL: u16 = 0x1010;
    /// Dual texture transform enable.
    pub const DUAL_TEX: u16 = 0x1012;
    /// Matrix index A (same layout as CP MATINDEX_A).
    pub const MATINDEX_A: u16 = 0x1018;
    /// Viewport (6 floats).
    pub const VIEWPORT: u16 = 0x101A;
    /// Projection (6 floats + type word).
    pub const PROJECTION: u16 = 0x1020;
    /// Number of texgens.
    pub const NUM_TEXGENS: u16 = 0x103F;
    /// Texgen 0 and post-transform texgen 0.
    pub const TEXGEN0: u16 = 0x1040;
    pub const POST_TEXGEN0: u16 = 0x1050;
}

/// Value libogc writes to XF 0x1000.
pub const ERROR_INIT: u32 = 0x3F;

/// InVertexSpec: one colour channel, and one texcoord when textured.
pub const fn in_vertex_spec(textured: bool) -> u32 {
    const ONE_COLOR: u32 = 1;
    ONE_COLOR | (textured as u32) << 4
}

/// Channel control: material colour from the vertex, lighting off.
pub const CHANNEL_FROM_VERTEX: u32 = 1;

/// Texgen 0: 2x4 (ST) matrix over the TEX0 attribute (source row 5).
pub const fn texgen0_st_from_tex0() -> u32 {
    const SOURCE_TEX0: u32 = 5;
    SOURCE_TEX0 << 7
}

/// Post-texgen 0: matrix 61 (unused while dual-tex is off; libogc's value).
pub const POST_TEXGEN_IDENTITY: u32 = 61;

/// Depth of every 2D vertex after the position matrix: the middle of the ortho depth range
/// (near 0, far 1) rather than z = 0, which lands exactly on the near clip plane (clip z = -w;
/// accepted by Dolphin, untested on hardware; libogc 2D code such as GRRLIB also moves its
/// vertices into the depth range).
pub const DEPTH_2D: f32 = -0.5;
/// Row-major 3x4 position matrix for 2D: identity with z moved to [`DEPTH_2D`].
pub const POSITION_2D: [f32; 12] = [
    1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, DEPTH_2D,
];
/// Row-major 2x4 identity (texture matrix).
pub const IDENTITY_2X4: [f32; 8] = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// Projection type word: orthographic.
pub const PROJECTION_ORTHO: u32 = 1;

/// The 6 projection floats of guOrtho(top, bottom, left, right, near, far).
pub fn ortho(top: f32, bottom: f32, left: f32, right: f32, near: f32, far: f32) -> [f32; 6] {
    [
        2.0 / (right - left),
        -(right + left) / (right - left),
        2.0 / (top - bottom),
        -(top + bottom) / (top - bottom),
        -1.0 / (far - near),
        -far / (far - near),
    ]
}

/// Depth range of the viewport (24-bit Z).
pub const Z_MAX: f32 = 16_777_215.0;
/// Offset the setup unit adds to viewport centres (same as the scissor's).
pub const VIEWPORT_BIAS: f32 = 342.0;

/// The 6 viewport floats of GX_SetViewport(x, y, w, h, near 0, far 1).
pub fn viewport(x: f32, y: f32, w: f32, h: f32) -> [f32; 6] {
    [
        w / 2.0,
        -h / 2.0,
        Z_MAX,
        x + w / 2.0 + VIEWPORT_BIAS,
        y + h / 2.0 + VIEWPORT_BIAS,
        Z_MAX,
    ]
}
